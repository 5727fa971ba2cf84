// GET /api/participants: the client list of one product, searched, filtered, sorted and paginated on the
// server. Built for 100,000 clients in an account (docs/decisions/0017): the latest instance, its status and the
// last activity come from trigger-kept columns of client_products instead of a look at every client's instances;
// the "contains" search uses trigram indexes; the total is counted by a second query only when the page cannot
// tell it, and a search or group filter counts its matches only up to a limit (above it the total is "more than").
// The latest finished result (the list's one-click link to its dashboard) is read for the page's rows only.
import { sql, type SQL } from 'drizzle-orm';
import type { TClientListItem, TClientListResponse, ZClientListQuery } from '@bq/contracts/clients';
import type { z } from 'zod';
import { instanceExpirationStatus } from '@bq/domain/expiration';
import type { ClientSource } from '@bq/domain/client-rules';
import { initials } from '@bq/domain/initials';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import type { Db } from '../../db/client';
import { sqlList } from '../../db/sql-list';
import type { AuthContext } from '../../plugins/auth';
import {
  anonymisationColumns,
  applyAnonymisation,
  loadAnonymisation,
  searchableByNameSql,
} from '../anonymisation/anonymise';
import type { ProductConfigurationRow } from '../products/product-access';
import { NO_MAILS, instanceMails } from '../mail/mail-delivery';
import { productMailProblems } from '../mail/mail-problems';
import type { AccountMemo } from '../../db/account-memo';
import { reviewDueFilterSql, rowReviewDueAt } from '../yearly-review/review-due';

type Query = z.output<typeof ZClientListQuery>;

const TRIGRAM_LENGTH = 3;

/** Whitelisted ORDER BY expressions, each ending in the client id as tie-breaker so pages are stable. */
const SORT_EXPRESSIONS: Record<Query['sort'], string> = {
  name: 'lower(c.last_name) %s, lower(c.first_name) %s, c.id %s',
  email: 'c.email %s, c.id %s',
  createdAt: 'c.created_at %s, c.id %s',
  // Matches client_products_config_activity_idx, so the first page is read from the index in order.
  lastActivity: 'cp.last_activity_at %s, cp.client_id %s',
};

type Row = {
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  client_group: 'PROSPECT' | 'ESTABLISHED';
  source: TClientListItem['source'];
  locale: TClientListItem['locale'];
  created_at: Date | string;
  active: boolean;
  li_id: string | null;
  li_token: string | null;
  li_interaction_id: string | null;
  li_status: string | null;
  li_lock_status: string | null;
  li_created_at: Date | string | null;
  li_expires_at: Date | string | null;
  /** Searches only: how many clients match. */
  total?: number | string;
  lr_token: string | null;
  lr_finished_at: Date | string | null;
  lr_lock_status: string | null;
  anon_kind: string;
  anon_number: number | string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The client's latest portfolio ranks in a higher class than the suitable class of the client's latest unlocked risk
 * result in this product (decision 0091). The class is the one stored at the save; a client without either is not
 * above. Probed per membership read in sort order: fine for the filter's usual handful of matches per page.
 */
export function portfolioAboveProfileSql(configId: string): SQL {
  return sql`exists (
    select 1
    from (select cpf.portfolio_class from client_portfolios cpf where cpf.client_id = c.id
          order by cpf.as_of desc, cpf.created_at desc limit 1) p
    join lateral (
      select (ii.results->'risk'->>'suitableClass')::int as suitable from interaction_instances ii
      where ii.client_id = c.id and ii.product_configuration_id = ${configId}
        and ii.status in (${sqlList(RESULT_STATUSES)}) and ii.lock_status <> 'LOCKED'
        and ii.results->'risk'->'suitableClass' is not null
      order by coalesce(ii.filled_at, ii.created_at) desc, ii.id desc limit 1) r on true
    where p.portfolio_class > r.suitable)`;
}

/** Came this way (e.g. WEBSITE, a start link's visitor; 0092 addendum): the list's filter and bulk send's "everyone matching". */
export function sourceSql(source: ClientSource): SQL {
  return sql`c.source = ${source}`;
}

/** Above this many matches a search (or group filter) stops counting and says "more than" (CLIENT_LIST_COUNT_LIMIT). */
export const DEFAULT_COUNT_LIMIT = 1000;

export async function listClients(
  db: Db,
  auth: AuthContext,
  /** The product the route declared (query.productConfigurationId), checked for BQ_USER/READ in its realm. */
  config: ProductConfigurationRow,
  query: Query,
  /** memo: the account's mail states between their changes (db/account-memo.ts), else read on every call. */
  options: { countLimit?: number; memo?: AccountMemo } = {},
): Promise<TClientListResponse> {
  const countLimit = options.countLimit ?? DEFAULT_COUNT_LIMIT;
  // Names as the viewer's allow-list says (docs/decisions/0021); a search never finds an anonymised client by name.
  const anon = await loadAnonymisation(db, auth, config.id);
  // Conditions on the membership alone, so the count can be read from client_products_config_status_idx. The
  // configuration is this account's (checked by the route); the clients are scoped by account below.
  const membership: SQL[] = [sql`cp.product_configuration_id = ${config.id}`];
  if (query.status === 'ACTIVE') membership.push(sql`cp.active`);
  if (query.status === 'INACTIVE') membership.push(sql`not cp.active`);
  if (query.interactionStatus) membership.push(sql`cp.latest_instance_status = ${query.interactionStatus}`);
  // Due for the yearly review (docs/decisions/0093); a product without reviews has none due.
  if (query.reviewDue) membership.push(reviewDueFilterSql(config, query.reviewDue));
  const client: SQL[] = [sql`c.account_id = ${auth.accountId}`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    // The same as first name, last name, e-mail or "first last" ILIKE the pattern: in a UTF-8 database ILIKE is
    // lower(text) LIKE lower(pattern), search_name is lower(first || ' ' || last), which contains either name, and
    // e-mails are stored lower-case. Both columns have trigram indexes.
    client.push(sql`(c.search_name like lower(${pattern}) or c.email like lower(${pattern}))`);
    if (anon.enabled) client.push(searchableByNameSql(anon, sql`c.id`));
  }
  if (query.group) client.push(sql`c.client_group = ${query.group}`);
  if (query.source) client.push(sourceSql(query.source));
  if (query.portfolioAboveProfile) client.push(portfolioAboveProfileSql(config.id));
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const orderBy = sql.raw(SORT_EXPRESSIONS[query.sort].replaceAll('%s', direction));
  const offset = (query.page - 1) * query.pageSize;

  const columns = sql`c.token, c.first_name, c.last_name, c.email, c.phone, c.client_group, c.source, c.locale, c.created_at`;
  const instanceColumns = sql`li.id as li_id, li.token as li_token, li.interaction_id as li_interaction_id, li.status as li_status,
    li.lock_status as li_lock_status, li.created_at as li_created_at, li.expires_at as li_expires_at,
    lr.token as lr_token, lr.finished_at as lr_finished_at, lr.lock_status as lr_lock_status`;
  // The client's latest instance with a result, which need not be its latest instance (one probe per page row).
  const latestResult = sql`left join lateral (
      select ii.token, coalesce(ii.filled_at, ii.created_at) as finished_at, ii.lock_status
      from interaction_instances ii
      where ii.client_id = c.id and ii.product_configuration_id = ${config.id}
        and ii.status in (${sqlList(RESULT_STATUSES)})
      order by coalesce(ii.filled_at, ii.created_at) desc, ii.id desc
      limit 1
    ) lr on true`;
  // Three letters make a trigram: a search that long usually matches few clients, found through the indexes. A
  // shorter one can match a large share, which reading the list in sort order until the page is full serves better.
  // A search that matches more than 3 x countLimit clients (e.g. "anna", 4,500 of 100,000) is broad and is served
  // like a short one: read in sort order until the page is full (its matches are dense), with a limited count.
  // Sorting and counting all of its matches was the p95 (about 40 ms of database time); up to about 3,000 matches the
  // search's own plan is the cheaper one.
  const broadAbove = 3 * countLimit;
  let selectiveSearch = Boolean(query.q && query.q.length >= TRIGRAM_LENGTH);
  let rows: Row[] = [];
  if (selectiveSearch) {
    // One statement: the matches (trigram indexes), at most broadAbove + 1 of them, counted first; only if they are
    // not too many are their memberships sorted, paged and counted in one pass, and the latest instances read for the
    // page's rows. A broad search answers just its match count (the page's one-time filter skips the rest) and is
    // read again below in sort order; the count was a statement of its own before (decision 0026's addendum).
    // MATERIALIZED keeps the planner from walking all memberships in sort order testing each client, which it may
    // think cheaper when it overestimates matches.
    const searched = await db.execute<Row & { hit_count: number | string }>(sql`
      with hits as materialized (
        select c.id, ${columns} from clients c where ${sql.join(client, sql` and `)} limit ${broadAbove + 1}
      ), probe as (
        select count(*) as hit_count from hits
      ), page as (
        select ${columns}, c.id, cp.active, cp.latest_instance_id,
               row_number() over (order by ${orderBy}) as position, count(*) over () as total
        from hits c
        -- One index probe per match (client_products_client_config_uq); LIMIT 1 (a membership is unique anyway)
        -- keeps the planner from hashing all of the configuration's memberships instead.
        cross join lateral (
          select cp.client_id, cp.active, cp.latest_instance_id, cp.last_activity_at from client_products cp
          where cp.client_id = c.id and ${sql.join(membership, sql` and `)}
          limit 1
        ) cp
        where (select hit_count from probe) <= ${broadAbove}
        order by ${orderBy}
        limit ${query.pageSize} offset ${offset}
      )
      select probe.hit_count, ${columns}, c.active, ${instanceColumns}, c.total, ${anonymisationColumns(anon, sql`c.id`)}
      from probe
      left join page c on true
      left join interaction_instances li on li.id = c.latest_instance_id
      ${latestResult}
      order by c.position`);
    const searchedRows = (searched as unknown as { rows: (Row & { hit_count: number | string })[] }).rows;
    if (Number(searchedRows[0]?.hit_count ?? 0) > broadAbove) selectiveSearch = false;
    // Without a page row (no match, or past the end) the probe's row alone comes back, with no client in it.
    else rows = searchedRows.filter((r) => r.token !== null);
  }
  if (!selectiveSearch) {
    // The whole list, a filter, a short or a broad search: read in sort order (an index for each sort), stop after the page.
    const listed = await db.execute<Row>(sql`
      select ${columns}, cp.active, ${instanceColumns}, ${anonymisationColumns(anon, sql`c.id`)}
      from client_products cp
      join clients c on c.id = cp.client_id
      left join interaction_instances li on li.id = cp.latest_instance_id
      ${latestResult}
      where ${sql.join([...membership, ...client], sql` and `)}
      order by ${orderBy}
      limit ${query.pageSize} offset ${offset}`);
    rows = (listed as unknown as { rows: Row[] }).rows;
  }
  const now = new Date();
  // Where the page's latest invitations and report mails are (one probe per row, docs/decisions/0083).
  const mails = await instanceMails(db, rows.flatMap((r) => (r.li_id ? [r.li_id] : [])));
  const items: TClientListItem[] = rows.map((r) => {
    const shown = applyAnonymisation(anon, {
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      anon_kind: r.anon_kind,
      anon_number: r.anon_number,
    });
    return {
      ...shown,
      token: r.token,
      initials:
        shown.anonymizedInitials ??
        (shown.anonymizationKind === 'STARS' ? '**' : initials(r.first_name, r.last_name)),
      group: r.client_group,
      source: r.source,
      locale: r.locale,
      createdAt: iso(r.created_at),
      active: r.active,
      productConfigurationId: config.id,
      lastInstance:
        r.li_token && r.li_created_at
          ? {
              token: r.li_token,
              interactionId: r.li_interaction_id ?? '',
              status: r.li_status as NonNullable<TClientListItem['lastInstance']>['status'],
              lockStatus: r.li_lock_status as NonNullable<TClientListItem['lastInstance']>['lockStatus'],
              createdAt: iso(r.li_created_at),
              expiresAt: r.li_expires_at ? iso(r.li_expires_at) : null,
              expirationStatus: instanceExpirationStatus(
                r.li_status ?? '',
                r.li_expires_at ? iso(r.li_expires_at) : null,
                now,
              ),
              ...(mails.get(r.li_id ?? '') ?? NO_MAILS),
            }
          : null,
      latestResult:
        r.lr_token && r.lr_finished_at
          ? {
              token: r.lr_token,
              finishedAt: iso(r.lr_finished_at),
              lockStatus: r.lr_lock_status as NonNullable<TClientListItem['latestResult']>['lockStatus'],
            }
          : null,
      // Due only while the latest questionnaire is that result: a newer one means the review is under way.
      reviewDueAt: r.li_token && r.li_token === r.lr_token ? rowReviewDueAt(config, { status: r.li_status, finishedAt: r.lr_finished_at }) : null,
    };
  });
  // A search counted its matches; otherwise a part-filled page is the last one and tells the total, and only a full
  // page (or one past the end) needs a count, from the membership index alone when no client column is filtered.
  let total = rows[0]?.total !== undefined ? Number(rows[0].total) : offset + rows.length;
  let totalIsLowerBound = false;
  const pastTheEnd = rows.length === 0 && offset > 0;
  if (pastTheEnd || (!selectiveSearch && rows.length === query.pageSize)) {
    if (query.q || query.group || query.source || query.portfolioAboveProfile) {
      // Matches among the memberships, counted up to countLimit + 1: an exact total of a broad search reads every
      // client of the account (about 40 ms at 100,000), and "more than 1,000" tells an adviser as much.
      const counted = await db.execute<{ n: number | string }>(sql`
        select count(*) as n from (
          select 1 from client_products cp join clients c on c.id = cp.client_id
          where ${sql.join([...membership, ...client], sql` and `)} limit ${countLimit + 1}) m`);
      const n = Number((counted as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
      totalIsLowerBound = n > countLimit;
      total = Math.min(n, countLimit);
      // A page beyond what was counted still shows its rows: the total is at least what this page proves.
      if (totalIsLowerBound) total = Math.max(total, offset + rows.length);
    } else {
      const counted = await db.execute<{ n: number | string }>(
        sql`select count(*) as n from client_products cp where ${sql.join(membership, sql` and `)}`,
      );
      total = Number((counted as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
    }
  }
  // The notice of mail that cannot leave, on every page: kept until a client mail's state moves (and for a minute at
  // most, as its window of days moves on).
  const problems = () => productMailProblems(db, auth.accountId, config.id);
  const mailProblems = options.memo ? await options.memo.get(auth.accountId, `mail-problems:${config.id}`, problems, { scope: 'mail', maxAgeMs: 60_000 }) : await problems();
  return { items, total, totalIsLowerBound, page: query.page, pageSize: query.pageSize, mailProblems };
}
