// The delivery job of one outbox mail. Claim (PENDING, or SENDING whose lease ran out -> SENDING, attempts + 1,
// committed), hand it to the transport, then SENT. A failure puts it back to PENDING with the error and rethrows,
// so pg-boss retries with backoff; a recipient the server refuses for good, or the last attempt, ends in FAILED.
// At-least-once: a crash after the hand-over and before SENT sends the same message (same Message-ID) again. The
// window is the time between the server's 250 and the SENT update (one UPDATE); a crash before the 250 is no send
// as far as the server is concerned (docs/decisions/0026, the fault script).
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { QUEUES, enqueueInTransaction, type JobQueue } from '../../jobs/queue';
import { isPermanentFailure, type MailTransport, type OutboxMail } from './transport';
import { recordSystemEvent } from '../audit/system-events';
import { EgressRefusedError } from '../egress/public-destination';

/**
 * How long a claimed mail belongs to the worker that claimed it (default; MAIL_SEND_LEASE_SECONDS). Longer than the
 * transport's timeouts, so a live send is never taken over; while SENDING, sent_at holds the time of the claim.
 */
export const SENDING_LEASE_SECONDS = 5 * 60;
/** Attempts (claims) after which an abandoned mail is given up. */
export const MAX_ATTEMPTS = 6;

export type DeliveryOutcome = 'sent' | 'done-before' | 'busy' | 'missing' | 'failed';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export async function deliverMail(
  db: Db,
  transport: MailTransport,
  mailId: string,
  opts: {
    finalAttempt: boolean;
    log?: FastifyBaseLogger;
    leaseSeconds?: number;
    recordInTrail?: boolean;
    /** The account's own SMTP server for this mail, if it has one (features/branding/own-sender.ts). */
    ownSender?: (mail: OutboxMail) => Promise<MailTransport | null>;
    /** Give up once the mail has been claimed this often (a job that was deferred starts its retry count anew). */
    maxAttempts?: number;
  },
): Promise<DeliveryOutcome> {
  const lease = sql`now() - make_interval(secs => ${opts.leaseSeconds ?? SENDING_LEASE_SECONDS})`;
  // One statement: of two workers claiming at once, PostgreSQL lets exactly one match.
  const [mail] = await db
    .update(mailOutbox)
    .set({ status: 'SENDING', attempts: sql`${mailOutbox.attempts} + 1`, sentAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.id, mailId),
        or(eq(mailOutbox.status, 'PENDING'), and(eq(mailOutbox.status, 'SENDING'), lt(mailOutbox.sentAt, lease))),
      ),
    )
    .returning();
  if (!mail) {
    const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!row) return 'missing';
    return row.status === 'SENDING' ? 'busy' : 'done-before';
  }

  try {
    const target = (await opts.ownSender?.(mail)) ?? transport;
    await target.send(mail);
  } catch (err) {
    // An address the egress gate refuses stays refused: retrying cannot make it public.
    const permanent = isPermanentFailure(err) || err instanceof EgressRefusedError;
    const giveUp = permanent || opts.finalAttempt || (opts.maxAttempts !== undefined && mail.attempts >= opts.maxAttempts);
    await db
      .update(mailOutbox)
      .set({ status: giveUp ? 'FAILED' : 'PENDING', sentAt: null, lastError: errorText(err) })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'SENDING')));
    opts.log?.warn({ err, mailId, attempt: mail.attempts, giveUp }, 'mail delivery failed');
    // A refused recipient stays refused: the job ends here. Anything else goes back to pg-boss to retry.
    if (permanent) return 'failed';
    throw err;
  }
  await db.transaction(async (tx) => {
    const sent = await tx
      .update(mailOutbox)
      .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'SENDING')))
      .returning({ id: mailOutbox.id });
    // A mail about a client's result (report, invitation, reminder) discloses their data: the trail records that the
    // product sent it, committed with the SENT mark (a crash before it leaves neither, and the resend records it).
    if (sent.length > 0 && opts.recordInTrail && mail.accountId && mail.instanceId) {
      await recordSystemEvent(tx, { accountId: mail.accountId, action: 'mail.sent', instanceId: mail.instanceId, details: { kind: mail.kind } });
    }
  });
  return 'sent';
}

/**
 * Housekeeping: a mail still SENDING after its lease (the worker died mid-send; a live send cannot take that long,
 * see the transport's timeouts) goes back to PENDING with a new job, or FAILED after MAX_ATTEMPTS claims. Its old
 * job, still active until it expires, then finds it sent ('done-before'). A mail of the outbox dispatcher (no job of
 * its own, docs/decisions/0057) is due again at once instead. Safe with several workers (SKIP LOCKED).
 */
export async function recoverAbandonedMails(db: Db, queue: JobQueue, leaseSeconds = SENDING_LEASE_SECONDS): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: mailOutbox.id, attempts: mailOutbox.attempts, dispatched: sql<boolean>`${mailOutbox.dispatchAfter} is not null` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'SENDING'), lt(mailOutbox.sentAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
      .limit(100)
      .for('update', { skipLocked: true });
    const failed = rows.filter((r) => r.attempts >= MAX_ATTEMPTS).map((r) => r.id);
    const retried = rows.filter((r) => r.attempts < MAX_ATTEMPTS && !r.dispatched).map((r) => r.id);
    const redispatched = rows.filter((r) => r.attempts < MAX_ATTEMPTS && r.dispatched).map((r) => r.id);
    if (redispatched.length > 0) {
      await tx.update(mailOutbox).set({ status: 'PENDING', sentAt: null, dispatchAfter: sql`now()` }).where(inArray(mailOutbox.id, redispatched));
    }
    if (failed.length > 0) {
      await tx.update(mailOutbox).set({ status: 'FAILED', lastError: 'abandoned while sending' }).where(inArray(mailOutbox.id, failed));
    }
    if (retried.length > 0) {
      await tx.update(mailOutbox).set({ status: 'PENDING', sentAt: null }).where(inArray(mailOutbox.id, retried));
      for (const mailId of retried) await enqueueInTransaction(queue, tx, QUEUES.mailDeliver, { mailId });
    }
    return rows.length;
  });
}
