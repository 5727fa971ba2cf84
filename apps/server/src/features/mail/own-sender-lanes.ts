// Delivery through accounts' own SMTP servers, apart from everyone else's mail (docs/decisions/0067, issue 36 point
// 9). A firm's server is outside the platform's control: one that never answers held all four shared delivery slots
// and a password reset of another account waited minutes. So the shared `mail-deliver` job only hands an own-sender
// mail over to the `mail-deliver-own` queue (a database write, no network) and is free again at once; that queue has
// pollers of its own, and each account has one lane per worker process: while a send of the account is under way here,
// its next mail is not started but put back for a moment. One server can then hold one poller for one attempt's
// timeouts (SENDER_TIMEOUT_SECONDS), and delay nothing but its own account's mail.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import type { OwnSender } from '../branding/own-sender';
import { usesOwnSender } from '../branding/own-sender';
import { MAX_ATTEMPTS, deliverMail } from './deliver-mail';
import type { MailTransport } from './transport';

/** Pollers of the own-sender queue per worker process: this many unresponsive servers at once before others wait. */
export const OWN_SENDER_POLLERS = 4;
/** How long a mail waits while its account's lane is busy before it is looked at again. */
export const LANE_BUSY_RETRY_SECONDS = 2;

export interface OwnMailJob {
  mailId: string;
  accountId: string;
}

/**
 * For the shared delivery job: hands a mail that goes through its account's own server over to that queue and
 * answers true, or answers false for the caller to send it itself.
 */
export async function handOverToOwnSender(db: Db, queue: JobQueue, mailId: string): Promise<boolean> {
  const [mail] = await db.select({ accountId: mailOutbox.accountId, kind: mailOutbox.kind, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (!mail?.accountId || mail.status === 'SENT' || mail.status === 'FAILED' || !(await usesOwnSender(db, mail))) return false;
  const job: OwnMailJob = { mailId, accountId: mail.accountId };
  const id = await queue.boss.send(QUEUES.mailDeliverOwn, job);
  if (!id) throw new Error(`mail ${mailId}: the own-sender job was not created`);
  return true;
}

export async function startOwnSenderLanes(
  db: Db,
  queue: JobQueue,
  opts: { transport: MailTransport; ownSender: OwnSender; log: FastifyBaseLogger; leaseSeconds: number; recordInTrail?: boolean; pollingIntervalSeconds: number },
): Promise<void> {
  const busy = new Set<string>();
  const handle = async ([job]: PgBoss.JobWithMetadata<OwnMailJob>[]) => {
    if (!job) return;
    const { accountId, mailId } = job.data;
    if (busy.has(accountId)) {
      // Not started: the account's lane is taken by a send of its own. This job ends; a new one looks again shortly.
      await queue.boss.send(QUEUES.mailDeliverOwn, job.data, { startAfter: LANE_BUSY_RETRY_SECONDS });
      return;
    }
    busy.add(accountId);
    try {
      const outcome = await deliverMail(db, opts.transport, mailId, {
        finalAttempt: job.retryCount >= job.retryLimit,
        maxAttempts: MAX_ATTEMPTS,
        log: opts.log,
        leaseSeconds: opts.leaseSeconds,
        ...(opts.recordInTrail ? { recordInTrail: true } : {}),
        ownSender: opts.ownSender,
      });
      if (outcome === 'busy') throw new Error(`mail ${mailId} is being delivered by another worker`);
    } finally {
      busy.delete(accountId);
    }
  };
  // Separate pollers of one job each: a poller waiting on a slow server holds back no other poller's next job.
  for (let i = 0; i < OWN_SENDER_POLLERS; i++) {
    await queue.boss.work<OwnMailJob>(QUEUES.mailDeliverOwn, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds, includeMetadata: true }, handle);
  }
}
