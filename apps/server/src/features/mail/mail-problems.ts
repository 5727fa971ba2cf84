// The client list's notice covers the whole product, not only the page (docs/decisions/0083 addendum): how many of
// the product's clients have a latest invitation or report mail of the last 30 days that has not left after a failed
// attempt, or was given up, and the newest server answer. Read over mail_outbox_stuck_idx, which holds stuck mails
// only, so an account whose mail flows reads nothing. A mail followed by a newer one of its kind (sent again) no
// longer counts. Older problems stay visible on the client's own page.
import { sql } from 'drizzle-orm';
import type { TClientListResponse } from '@bq/contracts/clients';
import type { Db } from '../../db/client';
import { shownReason } from './mail-delivery';

const WINDOW_DAYS = 30;

type ProblemRow = { clients: number | string; newest_error: string | null; newest_to: string | null; newest_at: Date | string | null };

export async function productMailProblems(db: Db, accountId: string, productConfigurationId: string): Promise<TClientListResponse['mailProblems']> {
  const result = await db.execute<ProblemRow>(sql`
    with stuck as (
      select m.instance_id, m.kind, m.created_at, m.last_error, m.to_address, i.client_id
      from mail_outbox m
      join interaction_instances i on i.id = m.instance_id
      where m.account_id = ${accountId}
        and (m.status = 'FAILED' or (m.status <> 'SENT' and m.last_error is not null))
        and m.created_at > now() - make_interval(days => ${WINDOW_DAYS})
        and m.kind in ('INVITATION', 'REPORT')
        and i.product_configuration_id = ${productConfigurationId}
        and not exists (
          select 1 from mail_outbox n
          where n.instance_id = m.instance_id and n.kind = m.kind and n.created_at > m.created_at)
    )
    select (select count(distinct client_id) from stuck) as clients, s.last_error as newest_error, s.to_address as newest_to, s.created_at as newest_at
    from (select 1) one
    left join lateral (select * from stuck order by created_at desc limit 1) s on true`);
  const row = (result as unknown as { rows: ProblemRow[] }).rows[0];
  const clients = Number(row?.clients ?? 0);
  if (!row || clients === 0 || !row.newest_at) return null;
  return { clients, newestReason: shownReason(row.newest_error, row.newest_to ?? ''), newestAt: new Date(row.newest_at).toISOString() };
}
