// BI reads (spec section 7): the categories of a product, one category's distribution by client group, and the
// clients behind a category. Set-based reads of bi_facts (kept by triggers; docs/decisions/0021): the distribution
// reads bi_counts (kept with the facts), a client page one ordered range over bi_facts_finished_idx or
// bi_facts_list_idx, its total from bi_counts unless it searches. Names and the k floor through features/anonymisation.
import { sql, type SQL } from 'drizzle-orm';
import type {
  TBiCategoriesResponse,
  TBiCategoryResponse,
  TBiClientsResponse,
  TBiCount,
  ZBiClientsQuery,
} from '@bq/contracts/bi';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { ClientGroup } from '@bq/domain/client-rules';
import type { Locale } from '@bq/domain/locales';
import type { z } from 'zod';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import {
  aggregateVisible,
  anonymisationColumns,
  applyAnonymisation,
  loadAnonymisation,
  searchableByNameSql,
} from '../anonymisation/anonymise';
import type { ProductConfigurationRow } from '../products/product-access';
import { LOCKED_BUCKET } from '../results/locked-results';
import { biTexts, categoriesOf } from './bi-categories';

// Each read gets `config`: the account's product of the path's :product, INDIVIDUAL_RESULTS/READ checked in its realm
// by the route's declaration (docs/decisions/0081).
const GROUPS: ClientGroup[] = ['PROSPECT', 'ESTABLISHED'];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function listCategories(
  db: Db,
  auth: AuthContext,
  config: ProductConfigurationRow,
  locale: Locale,
): Promise<TBiCategoriesResponse> {
  const product = config.productType;
  return {
    productType: product,
    locale,
    categories: categoriesOf(product, await biTexts(db, product, locale)),
  };
}

async function categoryContext(db: Db, auth: AuthContext, config: ProductConfigurationRow, key: string, locale: Locale) {
  const product = config.productType;
  const texts = await biTexts(db, product, locale);
  const category = categoriesOf(product, texts).find((c) => c.key === key);
  if (!category) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const anon = await loadAnonymisation(db, auth, config.id, locale);
  return { config, texts, category, anon };
}

const hidden: TBiCount = { count: null, tooFewToShow: true };
const notAsked: TBiCount = { count: null, tooFewToShow: false };

export async function categoryDistribution(
  db: Db,
  auth: AuthContext,
  config: ProductConfigurationRow,
  key: string,
  locale: Locale,
  group: ClientGroup | undefined,
  /** The counts' database: the read replica when there is one (docs/decisions/0059); access and settings from `db`. */
  read: Db = db,
): Promise<TBiCategoryResponse> {
  const { texts, category, anon } = await categoryContext(db, auth, config, key, locale);
  // The configuration is the caller's account's (checked by the route), so its facts are too. The counts come from
  // bi_counts (a handful of rows); the allow-listed among them from the viewer's list (small) by bi_facts' key.
  const groupFilter = group ? sql`and client_group = ${group}` : sql``;
  const result = await read.execute(sql`
    select bucket, client_group, n, 0 as listed from bi_counts
    where product_configuration_id = ${config.id} and category_key = ${category.key} and n > 0 ${groupFilter}
    ${
      anon.enabled
        ? sql`union all
    select f.bucket, f.client_group, 0, count(*)::int from anonymization_allow_list al
    join bi_facts f on f.client_id = al.client_id and f.product_configuration_id = ${config.id} and f.category_key = ${category.key}
    where al.user_id = ${auth.userId} and al.product_configuration_id = ${config.id}
      ${group ? sql`and f.client_group = ${group}` : sql``}
    group by f.bucket, f.client_group`
        : sql``
    }`);
  const counts = new Map<string, { n: number; anonymised: number }>();
  const listed = new Map<string, number>();
  // Locked results are counted apart and in no bucket: their bucket would be their value (decision 0029).
  let lockedNotIncluded = 0;
  for (const r of rowsOf<{ bucket: string; client_group: string; n: number; listed: number }>(result)) {
    if (r.bucket === LOCKED_BUCKET) {
      lockedNotIncluded += Number(r.n);
      continue;
    }
    const cell = `${r.bucket}|${r.client_group}`;
    if (Number(r.n) > 0) counts.set(cell, { n: Number(r.n), anonymised: 0 });
    if (Number(r.listed) > 0) listed.set(cell, Number(r.listed));
  }
  if (anon.enabled) for (const [cell, c] of counts) c.anonymised = c.n - (listed.get(cell) ?? 0);
  const groups = group ? [group] : GROUPS;
  const anySuppressed = new Set<ClientGroup>();
  const cell = (bucket: string, g: ClientGroup): TBiCount => {
    if (!groups.includes(g)) return notAsked;
    const c = counts.get(`${bucket}|${g}`) ?? { n: 0, anonymised: 0 };
    if (!aggregateVisible(anon, c.n, c.anonymised)) {
      anySuppressed.add(g);
      return hidden;
    }
    return { count: c.n, tooFewToShow: false };
  };
  const rows = category.buckets.map((b) => ({
    bucket: b.key,
    label: b.label,
    PROSPECT: cell(b.key, 'PROSPECT'),
    ESTABLISHED: cell(b.key, 'ESTABLISHED'),
  }));
  // A group's total is hidden when one of its cells is, or the hidden cell would be the total minus the others.
  const total = (g: ClientGroup): TBiCount => {
    if (!groups.includes(g)) return notAsked;
    let n = 0;
    let anonymised = 0;
    for (const b of category.buckets) {
      const c = counts.get(`${b.key}|${g}`);
      n += c?.n ?? 0;
      anonymised += c?.anonymised ?? 0;
    }
    if (anySuppressed.has(g) || !aggregateVisible(anon, n, anonymised)) return hidden;
    return { count: n, tooFewToShow: false };
  };
  return {
    category,
    locale,
    group: group ?? null,
    rows,
    totals: { PROSPECT: total('PROSPECT'), ESTABLISHED: total('ESTABLISHED') },
    anonymityK: anon.enabled ? anon.k : null,
    lockedNotIncluded,
    texts: texts.bi,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type ClientsQuery = z.output<typeof ZBiClientsQuery>;

interface ClientRow {
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  client_group: ClientGroup;
  bucket: string;
  result_token: string;
  finished_at: Date | string;
  anon_kind: string;
  anon_number: number | string | null;
}

export async function categoryClients(
  db: Db,
  auth: AuthContext,
  config: ProductConfigurationRow,
  key: string,
  query: ClientsQuery,
  /** The list's database: the read replica when there is one (docs/decisions/0059); access and settings from `db`. */
  read: Db = db,
): Promise<TBiClientsResponse> {
  const { category, anon } = await categoryContext(db, auth, config, key, query.locale);
  const known = new Set(category.buckets.map((b) => b.key));
  const unknown = query.filter.filter((f) => !known.has(f));
  if (unknown.length > 0)
    throw new AppError(ERROR_KEYS.validation, 400, `Unknown filter value ${unknown[0]}`, {}, [
      { path: 'filter', errorKey: ERROR_KEYS.validation },
    ]);

  const facts: SQL[] = [
    sql`f.product_configuration_id = ${config.id}`,
    sql`f.category_key = ${category.key}`,
    // A locked result's client is counted (lockedNotIncluded), never listed with a bucket (decision 0029).
    sql`f.bucket <> ${LOCKED_BUCKET}`,
  ];
  if (query.filter.length > 0) {
    facts.push(
      sql`f.bucket in (${sql.join(
        query.filter.map((f) => sql`${f}`),
        sql`, `,
      )})`,
    );
  }
  if (query.group) facts.push(sql`f.client_group = ${query.group}`);
  const client: SQL[] = [sql`c.account_id = ${auth.accountId}`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    client.push(sql`(c.search_name like lower(${pattern}) or c.email like lower(${pattern}))`);
    // Never find an anonymised client by their real name.
    client.push(searchableByNameSql(anon, sql`c.id`));
  }
  const where = sql.join([...facts, ...client], sql` and `);
  const offset = (query.page - 1) * query.pageSize;
  // Newest results first: the order never depends on names, so it tells nothing about anonymised people.
  const columns = sql`c.token, c.first_name, c.last_name, c.email, f.client_group, f.bucket, ii.token as result_token,
    f.finished_at, ${anonymisationColumns(anon, sql`c.id`)}`;
  // A search of three letters or more: its matches first (the clients' trigram indexes), then their facts by key,
  // as the client list does; otherwise the facts in order until the page is full.
  const selectiveSearch = Boolean(query.q && query.q.length >= 3);
  const hits = sql`with hits as materialized (select c.id, c.token, c.first_name, c.last_name, c.email from clients c
    where ${sql.join(client, sql` and `)})`;
  const factsOfHits = sql`from hits c
    join bi_facts f on f.client_id = c.id and ${sql.join(facts, sql` and `)}`;
  const page = await read.execute(
    selectiveSearch
      ? sql`${hits}
        select ${columns} ${factsOfHits}
        join interaction_instances ii on ii.id = f.instance_id
        order by f.finished_at desc, f.client_id
        limit ${query.pageSize} offset ${offset}`
      : sql`
        select ${columns}
        from bi_facts f
        join clients c on c.id = f.client_id
        join interaction_instances ii on ii.id = f.instance_id
        where ${where}
        order by f.finished_at desc, f.client_id
        limit ${query.pageSize} offset ${offset}`,
  );
  const rows = rowsOf<ClientRow>(page);
  let total = offset + rows.length;
  if (rows.length === query.pageSize || (rows.length === 0 && offset > 0)) {
    const counted = await read.execute(
      selectiveSearch
        ? sql`${hits} select count(*)::int as n ${factsOfHits}`
        : query.q
          ? sql`select count(*)::int as n from bi_facts f join clients c on c.id = f.client_id where ${where}`
          : sql`select coalesce(sum(n), 0)::int as n from bi_counts f where ${sql.join(facts, sql` and `)}`,
    );
    total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  }
  const groupOnly = query.group ? sql`and client_group = ${query.group}` : sql``;
  const lockedCount = await read.execute(sql`select coalesce(sum(n), 0)::int as n from bi_counts
    where product_configuration_id = ${config.id} and category_key = ${category.key} and bucket = ${LOCKED_BUCKET} ${groupOnly}`);
  const labels = new Map(category.buckets.map((b) => [b.key, b.label]));
  return {
    category,
    items: rows.map((r) => {
      const shown = applyAnonymisation(anon, {
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        anon_kind: r.anon_kind,
        anon_number: r.anon_number,
      });
      return {
        ...shown,
        token: r.token,
        group: r.client_group,
        bucket: r.bucket,
        bucketLabel: labels.get(r.bucket) ?? r.bucket,
        resultToken: r.result_token,
        finishedAt: new Date(r.finished_at).toISOString(),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
    lockedNotIncluded: Number(rowsOf<{ n: number }>(lockedCount)[0]?.n ?? 0),
  };
}
