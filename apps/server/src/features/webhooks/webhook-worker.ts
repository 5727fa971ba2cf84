// The worker's webhook loop (docs/decisions/0090): every WEBHOOK_POLL_SECONDS it sends the deliveries that are due,
// batch after batch while there are more; when an endpoint is paused (410 Gone, or a delivery given up after three
// days) the account's API admins are mailed, in their language, with the endpoint and the reason.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { hasPermission } from '@bq/domain/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { queueMail } from '../mail/outbox';
import { loadEmailTexts } from '../mail/render-mail';
import { sweepExpiredInteractions } from './expiry-sweep';
import { deliverDueWebhooks, type DeliveryOptions, type PausedEndpoint } from './deliver';

const BATCH = 20;
/** How often questionnaires whose expiry passed are looked for (interaction.expired). */
const EXPIRY_SWEEP_MS = 60_000;

/** Mails every active user of the account who manages its API (BQ_ADMIN/API_MANAGEMENT) that the endpoint is paused. */
async function mailPaused(db: Db, queue: JobQueue, config: Config, endpoint: PausedEndpoint): Promise<void> {
  const members = await db.select({ id: users.id, email: users.email, locale: users.locale, permissions: users.permissions }).from(users).where(and(eq(users.accountId, endpoint.accountId), eq(users.active, true)));
  const admins = members.filter((m) => hasPermission(m.permissions, { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'UPDATE' }));
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, endpoint.accountId));
  const day = new Date().toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    for (const admin of admins) {
      const reasonKey = `email.webhookPaused.reason.${endpoint.reason}`;
      const reason = (await loadEmailTexts(tx, admin.locale, [reasonKey]))[reasonKey] ?? endpoint.reason;
      await queueMail(
        tx,
        queue,
        {
          accountId: endpoint.accountId,
          kind: 'WEBHOOK_PAUSED',
          dedupeKey: `webhook-paused:${endpoint.id}:${admin.id}:${day}`,
          to: admin.email,
          locale: admin.locale,
          template: 'webhookPaused',
          params: { url: endpoint.url, reason, accountName: account?.name ?? '', link: `${config.publicUrl}/settings/webhooks` },
          userId: admin.id,
        },
        config,
      );
    }
  });
}

/** How the worker sends: the operator's egress list and timeout, the data keys, and the admins' mail on a pause. */
export function webhookDeliveryOptions(db: Db, config: Config, queue: JobQueue, log?: FastifyBaseLogger): DeliveryOptions {
  return {
    allowHosts: config.EGRESS_ALLOW_HOSTS,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    keys: config.dataEncryptionKeys,
    batch: BATCH,
    onPaused: async (endpoint) => {
      log?.warn({ webhookId: endpoint.id, reason: endpoint.reason }, 'webhook endpoint paused');
      await mailPaused(db, queue, config, endpoint);
    },
  };
}

export function startWebhookWorker(db: Db, config: Config, log: FastifyBaseLogger, queue: JobQueue): { stop(): void } {
  let running = false;
  const options = webhookDeliveryOptions(db, config, queue, log);
  let lastSweep = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (Date.now() - lastSweep >= EXPIRY_SWEEP_MS) {
        lastSweep = Date.now();
        await sweepExpiredInteractions(db);
      }
      while ((await deliverDueWebhooks(db, options)) === BATCH);
    } catch (err) {
      log.error({ err }, 'webhook delivery failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), config.WEBHOOK_POLL_SECONDS * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
