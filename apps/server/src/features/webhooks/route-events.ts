// Which write routes cause which webhook event (docs/decisions/0090): declared once, by the route's audit action. The
// audit plugin's unit of work (features/audit/write-transaction.ts) writes the event's deliveries right after the
// route's ALLOWED audit event, in the same transaction: the change, its trail entry and its webhooks commit together.
// route-events.test.ts proves every action named here is a write route of the table.
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@bq/contracts/webhooks';
import type { Tx } from '../../db/client';
import { emitWebhookEvent } from './emit';

export const WEBHOOK_EVENT_OF_ACTION: Readonly<Record<string, WebhookEvent>> = {
  'client.create': 'client.created',
  'client.update': 'client.updated',
  'client.activate': 'client.updated',
  'client.deactivate': 'client.updated',
  'client.erase': 'client.erased',
  'interaction.create': 'interaction.sent',
  'interaction.invitation_send': 'interaction.sent',
  'repeated_measurement.participant_add': 'interaction.sent',
  'participant.submit': 'interaction.completed',
  'result.unlock': 'result.unlocked',
  'certificate.revoke': 'certificate.revoked',
  'result.decision_record': 'decision.recorded',
};

interface RouteEvent {
  action: string;
  outcome: string;
  accountId: string | null;
  clientToken: string | null;
  resultToken: string | null;
}

/** The webhook deliveries of a route's ALLOWED event, in the unit's transaction; nothing for other actions. */
export async function emitForRouteEvent(tx: Tx, event: RouteEvent): Promise<void> {
  const type = WEBHOOK_EVENT_OF_ACTION[event.action];
  if (!type || event.outcome !== 'ALLOWED' || (!event.clientToken && !event.resultToken)) return;
  // The subject's rows by their tokens; a participant's request names no account, its result's instance does. No row
  // when the account has no endpoint for the event: the usual case costs this one read (a participant's submit).
  const found = (await tx.execute(sql`
    select coalesce(i.account_id, c.account_id) as account_id, i.id as instance_id, coalesce(c.id, i.client_id) as client_id
    from (select 1) one
    left join interaction_instances i on i.token = ${event.resultToken}
    left join clients c on c.token = ${event.clientToken}
    where exists (select 1 from webhook_endpoints w where w.account_id = coalesce(i.account_id, c.account_id) and ${type} = any(w.events))`)) as unknown as {
    rows: { account_id: string | null; instance_id: string | null; client_id: string | null }[];
  };
  const row = found.rows[0];
  const accountId = row?.account_id ?? null;
  // A token of another account than the request's never names a subject (the route refused it before; this is a guard).
  if (!accountId || (event.accountId && event.accountId !== accountId)) return;
  await emitWebhookEvent(tx, { accountId, event: type, clientId: row?.client_id, instanceId: row?.instance_id });
}
