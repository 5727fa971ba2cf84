// What an admin sees and does about deliveries (docs/decisions/0090): the latest ones of an endpoint, a retry of one
// that failed, and a test event. Each is queued like any event and sent by the worker within WEBHOOK_POLL_SECONDS.
import { and, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_ERRORS, type TWebhookDelivery } from '@bq/contracts/webhooks';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { messageId } from './emit';
import { findWebhook } from './endpoint-service';

/** How many deliveries the page lists, newest first. */
const LISTED = 100;

type Row = typeof webhookDeliveries.$inferSelect;

function toDelivery(row: Row): TWebhookDelivery {
  const waiting = row.status === 'PENDING' || row.status === 'SENDING';
  return {
    id: row.id,
    messageId: row.messageId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
  };
}

export async function listDeliveries(db: Db, accountId: string, endpointId: string): Promise<TWebhookDelivery[]> {
  await findWebhook(db, accountId, endpointId);
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(LISTED);
  return rows.map(toDelivery);
}

/** A FAILED delivery goes out again now, with the same webhook-id and body, for another three days. */
export async function retryDelivery(db: Db, accountId: string, endpointId: string, deliveryId: string): Promise<TWebhookDelivery> {
  await findWebhook(db, accountId, endpointId);
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'No such delivery');
  if (row.status !== 'FAILED') throw new AppError(WEBHOOK_ERRORS.notRetryable, 409, `Only a failed delivery can be retried; this one is ${row.status}`);
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ status: 'PENDING', nextAttemptAt: sql`now()`, giveUpAt: sql`now() + interval '3 days'` })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  return toDelivery(updated!);
}

/** A `webhook.test` event to this endpoint alone (also while paused: it is how an admin checks a fix before resuming). */
export async function queueTestDelivery(db: Db, accountId: string, endpointId: string): Promise<TWebhookDelivery> {
  const endpoint = await findWebhook(db, accountId, endpointId);
  const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { webhookId: endpoint.id } });
  const [row] = await db.insert(webhookDeliveries).values({ endpointId, accountId, messageId: messageId(), event: 'webhook.test', body }).returning();
  return toDelivery(row!);
}
