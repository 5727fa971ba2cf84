// interaction.expired (docs/decisions/0090): no request causes it, the questionnaire's expiry date passing does. The
// worker's sweep finds, for accounts with an endpoint that takes the event, questionnaires still open for answers whose
// date passed in the last three days (older ones could no longer be delivered anyway), marks each once and writes its
// event in the same transaction. Reads go over the instances' (account, expires_at) index, per subscribed account only.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emitWebhookEvent } from './emit';

export async function sweepExpiredInteractions(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = (await tx.execute(sql`
      insert into webhook_expiry_marks (instance_id)
      select i.id from (select distinct account_id from webhook_endpoints where 'interaction.expired' = any(events)) e
      join interaction_instances i on i.account_id = e.account_id
        and i.expires_at <= ${now.toISOString()}::timestamptz and i.expires_at > ${now.toISOString()}::timestamptz - interval '3 days'
      where i.status in ('NEW', 'OPENED')
      on conflict do nothing
      returning instance_id`)) as unknown as { rows: { instance_id: string }[] };
    for (const { instance_id } of marked.rows) {
      const [row] = ((await tx.execute(sql`select account_id, client_id, expires_at from interaction_instances where id = ${instance_id}`)) as unknown as { rows: { account_id: string; client_id: string; expires_at: Date | string }[] }).rows;
      if (row) await emitWebhookEvent(tx, { accountId: row.account_id, event: 'interaction.expired', clientId: row.client_id, instanceId: instance_id, extra: { expiredAt: new Date(row.expires_at).toISOString() } });
    }
    return marked.rows.length;
  });
}
