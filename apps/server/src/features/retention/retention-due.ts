// What is due under an account's retention settings at a given moment (docs/decisions/0044). One place decides, so
// the preview (at now + 30 days) and the daily job (at now) count the same rows. "At" is passed in: tests move the
// clock by giving a later moment, never by waiting.
import { sql, type SQL } from 'drizzle-orm';
import { MAIL_RETENTION_DAYS, type TRetentionSettings } from '@bq/contracts/retention';
import type { ProductType } from '@bq/domain/product-types';
import type { Db, Tx } from '../../db/client';

/** Results and evidence of advisory products: kept at least 5 (or 7) years after the relationship ends. */
export const ADVISORY_PRODUCTS: readonly ProductType[] = ['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH', 'BQ_RISK'];
/** Selection and performance data: kept the account's period after the campaign or result. */
export const SELECTION_PRODUCTS: readonly ProductType[] = [
  'BQ_SELECTION',
  'BQ_PERFORMANCE',
  'BQ_PERFORMANCE_SELF_ASSESSMENT',
  'BQ_SELECT_CAMPAIGN',
  'BQ_PERFORMANCE_COACH',
];

export interface Cutoffs {
  /** A relationship that ended at or before this moment is past its advisory retention. */
  advisory: Date;
  /** A result (or campaign) last active at or before this moment is past its selection retention. */
  selection: Date;
  mail: Date;
}

export function cutoffsAt(at: Date, settings: TRetentionSettings): Cutoffs {
  const advisory = new Date(at);
  advisory.setUTCFullYear(advisory.getUTCFullYear() - settings.advisoryYears);
  const selection = new Date(at);
  selection.setUTCMonth(selection.getUTCMonth() - settings.selectionMonths);
  return { advisory, selection, mail: new Date(at.getTime() - MAIL_RETENTION_DAYS * 86_400_000) };
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * The CTEs naming what is due: ended advisory relationships (membership deactivated, with no activity since) past the
 * advisory cutoff and their results; selection and performance results whose last activity (or open invitation's
 * expiry), and that of every result of the same campaign, is past the selection cutoff; clients left with no result
 * and no advisory relationship; mails whose address and content are still held.
 */
function dueCtes(accountId: string, c: Cutoffs): SQL {
  return sql`
    adv_memberships as (
      select cp.client_id, cp.product_configuration_id from client_products cp
      join product_configurations pc on pc.id = cp.product_configuration_id
      where cp.account_id = ${accountId} and pc.product_type in (${list(ADVISORY_PRODUCTS)})
        and cp.active = false and cp.deactivated_at is not null
        and greatest(cp.deactivated_at, cp.last_activity_at) <= ${ts(c.advisory)}
        and not exists (select 1 from interaction_instances i where i.client_id = cp.client_id
          and i.product_configuration_id = cp.product_configuration_id and i.updated_at > ${ts(c.advisory)})),
    adv_results as (
      select i.id, i.client_id from interaction_instances i
      join adv_memberships m on m.client_id = i.client_id and m.product_configuration_id = i.product_configuration_id),
    sel_results as (
      select i.id, i.client_id from interaction_instances i
      join product_configurations pc on pc.id = i.product_configuration_id
      where i.account_id = ${accountId} and pc.product_type in (${list(SELECTION_PRODUCTS)})
        and greatest(i.updated_at, coalesce(i.expires_at, i.updated_at)) <= ${ts(c.selection)}
        and not exists (select 1 from repeated_measurement_instances r
          join repeated_measurement_instances r2 on r2.repeated_measurement_id = r.repeated_measurement_id
          join interaction_instances i2 on i2.id = r2.instance_id
          where r.instance_id = i.id and greatest(i2.updated_at, coalesce(i2.expires_at, i2.updated_at)) > ${ts(c.selection)})),
    due_clients as (
      select c.id from clients c
      where c.account_id = ${accountId} and c.created_at <= ${ts(c.selection)} and c.updated_at <= ${ts(c.selection)}
        and not exists (select 1 from interaction_instances i where i.client_id = c.id
          and i.id not in (select id from adv_results) and i.id not in (select id from sel_results))
        and not exists (select 1 from client_products cp
          join product_configurations pc on pc.id = cp.product_configuration_id
          where cp.client_id = c.id and pc.product_type in (${list(ADVISORY_PRODUCTS)})
            and not exists (select 1 from adv_memberships m where m.client_id = cp.client_id
              and m.product_configuration_id = cp.product_configuration_id))),
    due_mails as (
      select id from mail_outbox where account_id = ${accountId} and to_address <> ''
        and status in ('SENT', 'FAILED') and created_at <= ${ts(c.mail)})`;
}

export interface DueCounts {
  advisoryResults: number;
  selectionResults: number;
  clients: number;
  mails: number;
}

export async function countDue(db: Db | Tx, accountId: string, c: Cutoffs): Promise<DueCounts> {
  const result = await db.execute(sql`with ${dueCtes(accountId, c)}
    select (select count(*) from adv_results)::int as "advisoryResults", (select count(*) from sel_results)::int as "selectionResults",
      (select count(*) from due_clients)::int as "clients", (select count(*) from due_mails)::int as "mails"`);
  return (result as unknown as { rows: DueCounts[] }).rows[0]!;
}

export interface DueRows {
  advisoryMemberships: { clientId: string; productConfigurationId: string }[];
  advisoryResults: string[];
  selectionResults: string[];
  clients: string[];
  mails: string[];
}

export async function findDue(tx: Tx, accountId: string, c: Cutoffs): Promise<DueRows> {
  const result = await tx.execute(sql`with ${dueCtes(accountId, c)}
    select 'membership' as kind, client_id::text as id, product_configuration_id::text as other from adv_memberships
    union all select 'advisory', id::text, null from adv_results
    union all select 'selection', id::text, null from sel_results
    union all select 'client', id::text, null from due_clients
    union all select 'mail', id::text, null from due_mails`);
  const due: DueRows = { advisoryMemberships: [], advisoryResults: [], selectionResults: [], clients: [], mails: [] };
  for (const row of (result as unknown as { rows: { kind: string; id: string; other: string | null }[] }).rows) {
    if (row.kind === 'membership') due.advisoryMemberships.push({ clientId: row.id, productConfigurationId: row.other! });
    else if (row.kind === 'advisory') due.advisoryResults.push(row.id);
    else if (row.kind === 'selection') due.selectionResults.push(row.id);
    else if (row.kind === 'client') due.clients.push(row.id);
    else due.mails.push(row.id);
  }
  return due;
}
