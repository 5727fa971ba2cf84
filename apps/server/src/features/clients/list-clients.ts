// GET /api/participants: the client list of one product, searched, filtered, sorted and paginated on the
// server. One query: the latest instance and the latest finished result per client come from lateral joins (set-
// based, no query per row), the total from a window.
import { sql, type SQL } from 'drizzle-orm';
import type { TClientListItem, TClientListResponse, ZClientListQuery } from '@bq/contracts/clients';
import type { z } from 'zod';
import { instanceExpirationStatus } from '@bq/domain/expiration';
import { initials } from '@bq/domain/initials';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { requireProductConfiguration } from '../products/product-access';

type Query = z.output<typeof ZClientListQuery>;

/** Whitelisted ORDER BY expressions; the tie-breaker keeps pages stable. */
const SORT_EXPRESSIONS: Record<Query['sort'], string> = {
  name: 'lower(c.last_name) %s, lower(c.first_name) %s',
  email: 'c.email %s',
  createdAt: 'c.created_at %s',
  lastActivity: 'coalesce(li.updated_at, c.updated_at) %s',
};

type Row = {
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  client_group: 'PROSPECT' | 'ESTABLISHED';
  locale: TClientListItem['locale'];
  created_at: Date | string;
  active: boolean;
  li_token: string | null;
  li_interaction_id: string | null;
  li_status: string | null;
  li_lock_status: string | null;
  li_created_at: Date | string | null;
  li_expires_at: Date | string | null;
  lr_token: string | null;
  lr_finished_at: Date | string | null;
  lr_lock_status: string | null;
  total: number | string;
};

const iso = (v: Date | string) => new Date(v).toISOString();

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listClients(db: Db, auth: AuthContext, query: Query): Promise<TClientListResponse> {
  const config = await requireProductConfiguration(db, auth, query.productConfigurationId, { entity: 'BQ_USER', action: 'READ' });
  const conditions: SQL[] = [sql`c.account_id = ${auth.accountId}`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      sql`(c.first_name ilike ${pattern} or c.last_name ilike ${pattern} or c.email ilike ${pattern} or (c.first_name || ' ' || c.last_name) ilike ${pattern})`,
    );
  }
  if (query.group) conditions.push(sql`c.client_group = ${query.group}`);
  if (query.status === 'ACTIVE') conditions.push(sql`cp.active`);
  if (query.status === 'INACTIVE') conditions.push(sql`not cp.active`);
  if (query.interactionStatus) conditions.push(sql`li.status = ${query.interactionStatus}`);
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const orderBy = sql.raw(`${SORT_EXPRESSIONS[query.sort].replaceAll('%s', direction)}, c.id ${direction}`);
  const offset = (query.page - 1) * query.pageSize;

  const result = await db.execute<Row>(sql`
    select c.token, c.first_name, c.last_name, c.email, c.phone, c.client_group, c.locale, c.created_at, cp.active,
           li.token as li_token, li.interaction_id as li_interaction_id, li.status as li_status,
           li.lock_status as li_lock_status, li.created_at as li_created_at, li.expires_at as li_expires_at,
           lr.token as lr_token, lr.finished_at as lr_finished_at, lr.lock_status as lr_lock_status,
           count(*) over () as total
    from clients c
    join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${config.id}
    left join lateral (
      select ii.token, ii.interaction_id, ii.status, ii.lock_status, ii.created_at, ii.updated_at, ii.expires_at
      from interaction_instances ii
      where ii.client_id = c.id and ii.product_configuration_id = ${config.id}
      order by ii.created_at desc
      limit 1
    ) li on true
    left join lateral (
      select ii.token, coalesce(ii.filled_at, ii.created_at) as finished_at, ii.lock_status
      from interaction_instances ii
      where ii.client_id = c.id and ii.product_configuration_id = ${config.id}
        and ii.status in (${sql.join(
          RESULT_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
      order by coalesce(ii.filled_at, ii.created_at) desc, ii.id desc
      limit 1
    ) lr on true
    where ${sql.join(conditions, sql` and `)}
    order by ${orderBy}
    limit ${query.pageSize} offset ${offset}
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const now = new Date();
  const items: TClientListItem[] = rows.map((r) => ({
    token: r.token,
    firstName: r.first_name,
    lastName: r.last_name,
    initials: initials(r.first_name, r.last_name),
    email: r.email,
    phone: r.phone,
    group: r.client_group,
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
            expirationStatus: instanceExpirationStatus(r.li_status ?? '', r.li_expires_at ? iso(r.li_expires_at) : null, now),
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
  }));
  // A page past the end has no rows to carry the window total; count it separately only then.
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && query.page > 1) {
    const counted = await db.execute<{ n: number | string }>(sql`
      select count(*) as n from clients c
      join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${config.id}
      left join lateral (
        select ii.status from interaction_instances ii
        where ii.client_id = c.id and ii.product_configuration_id = ${config.id}
        order by ii.created_at desc limit 1
      ) li on true
      where ${sql.join(conditions, sql` and `)}`);
    total = Number((counted as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  }
  return { items, total, page: query.page, pageSize: query.pageSize };
}
