// Writing a webhook event (docs/decisions/0090): one delivery row per endpoint of the account that takes the event,
// in the transaction of the change that caused it (the outbox), so a change that rolls back sends nothing and one that
// commits is always delivered, at least once. An account without such an endpoint pays one indexed read.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@bq/contracts/webhooks';
import type { Db, Tx } from '../../db/client';

/** What an event is about; the payload is built from the rows these name, in the same transaction. */
export interface WebhookCause {
  accountId: string;
  event: WebhookEvent;
  clientId?: string | null;
  instanceId?: string | null;
  /** Event-specific values (a decision's outcome, an expiry's date): no names, no answers. */
  extra?: Record<string, string | number | boolean | null>;
}

/** The Standard Webhooks message id: the same on every attempt and every endpoint of this event. */
export function messageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

interface SubjectRow extends Record<string, unknown> {
  client_token: string | null;
  external_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  instance_token: string | null;
  interaction_id: string | null;
  instance_status: string | null;
  lock_status: string | null;
  product_configuration_id: string | null;
}

/** Ids, status and links to the API; names and e-mail only for endpoints that switched personal data on. */
function payloads(cause: WebhookCause, row: SubjectRow | undefined, at: Date) {
  const client = row?.client_token ? { token: row.client_token, externalId: row.external_id } : null;
  const interaction = row?.instance_token
    ? {
        token: row.instance_token,
        interactionId: row.interaction_id,
        productConfigurationId: row.product_configuration_id,
        status: row.instance_status,
        lockStatus: row.lock_status,
      }
    : null;
  const links = interaction ? { dashboard: `/api/dashboard/${interaction.token}`, reportDownload: `/api/report/download/${interaction.token}` } : {};
  const data = { client, interaction, ...(cause.extra ? { details: cause.extra } : {}), links };
  const plain = { type: cause.event, timestamp: at.toISOString(), data };
  const personal = client
    ? { ...plain, data: { ...data, client: { ...client, firstName: row?.first_name ?? null, lastName: row?.last_name ?? null, email: row?.email ?? null } } }
    : plain;
  return { plain, personal };
}

/** The account's endpoints that take the event; an account without one pays this one indexed read. */
async function subscribed(db: Db | Tx, accountId: string, event: WebhookEvent): Promise<boolean> {
  const found = (await db.execute(sql`
    select 1 from webhook_endpoints where account_id = ${accountId} and ${event} = any(events) limit 1`)) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

export async function emitWebhookEvent(db: Db | Tx, cause: WebhookCause, at = new Date()): Promise<number> {
  return emitWebhookEvents(db, cause.accountId, cause.event, [cause], at);
}

/**
 * The same event about many subjects (a bulk send's questionnaires, an import's clients): one read of the subjects and
 * one insert of every delivery, whatever their number.
 */
export async function emitWebhookEvents(
  db: Db | Tx,
  accountId: string,
  event: WebhookEvent,
  subjects: Pick<WebhookCause, 'clientId' | 'instanceId' | 'extra'>[],
  at = new Date(),
): Promise<number> {
  if (subjects.length === 0 || !(await subscribed(db, accountId, event))) return 0;
  const ids = subjects.map((s, n) => ({ n, client_id: s.clientId ?? null, instance_id: s.instanceId ?? null }));
  const found = (await db.execute(sql`
    select s.n, c.token as client_token, c.external_id, c.first_name, c.last_name, c.email,
           i.token as instance_token, i.interaction_id, i.status as instance_status, i.lock_status, i.product_configuration_id
    from json_to_recordset(${JSON.stringify(ids)}::json) as s(n int, client_id uuid, instance_id uuid)
    left join interaction_instances i on i.id = s.instance_id and i.account_id = ${accountId}
    left join clients c on c.id = coalesce(s.client_id, i.client_id) and c.account_id = ${accountId}`)) as unknown as { rows: (SubjectRow & { n: number })[] };
  const rowOf = new Map(found.rows.map((r) => [Number(r.n), r]));
  const messages = subjects.map((subject, n) => {
    const { plain, personal } = payloads({ accountId, event, ...subject }, rowOf.get(n), at);
    return { message_id: messageId(), plain: JSON.stringify(plain), personal: JSON.stringify(personal) };
  });
  const result = (await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, account_id, message_id, event, body)
    select e.id, e.account_id, m.message_id, ${event}, case when e.include_personal_data then m.personal else m.plain end
    from webhook_endpoints e cross join json_to_recordset(${JSON.stringify(messages)}::json) as m(message_id text, plain text, personal text)
    where e.account_id = ${accountId} and ${event} = any(e.events)
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** An event about an instance (opened, result available, expired), written by work that has no route's unit. */
export async function emitForInstance(db: Db | Tx, instanceId: string, event: WebhookEvent): Promise<number> {
  // One read for the usual case, an account without an endpoint for the event (every questionnaire opened and every
  // result of the yearly review pass here).
  const found = (await db.execute(sql`
    select i.account_id, i.client_id from interaction_instances i
    where i.id = ${instanceId} and exists (select 1 from webhook_endpoints w where w.account_id = i.account_id and ${event} = any(w.events))`)) as unknown as {
    rows: { account_id: string; client_id: string }[];
  };
  const row = found.rows[0];
  return row ? emitWebhookEvent(db, { accountId: row.account_id, event, clientId: row.client_id, instanceId }) : 0;
}
