// The retention job on the durable queue (docs/decisions/0044): the worker's housekeeping asks for it every few
// minutes, and pg-boss's singleton slot lets only the first ask of each slot through, in however many worker
// processes. pg-boss caps a slot at its archive interval (12 hours), so the job runs at most twice a day; the sweep is
// idempotent, and the second run only finds what became due in between. A job that fails is retried by pg-boss.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { expireParticipantAccess } from '../audit/participant-access';
import { runRetention } from './retention-sweep';

/** pg-boss refuses a throttle slot longer than its archive interval (archiveCompletedAfterSeconds, 12 hours). */
const SLOT_SECONDS = 12 * 3600;

/** Queues a run unless one was already queued (or ran) in this slot; the job's id, or null. */
export function scheduleRetention(queue: JobQueue): Promise<string | null> {
  return queue.boss.send(QUEUES.retention, {}, { singletonKey: 'retention', singletonSeconds: SLOT_SECONDS });
}

export async function startRetentionWorker(db: Db, log: FastifyBaseLogger, queue: JobQueue, accessLogDays: number): Promise<void> {
  await queue.boss.work(QUEUES.retention, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
    const run = await runRetention(db, new Date(), (accountId, err) => log.error({ err, accountId }, 'retention failed for an account'));
    const accessLogRows = await expireParticipantAccess(db, accessLogDays);
    log.info({ accounts: run.accounts, removed: run.removed, accountlessMails: run.accountlessMails, accessLogRows }, 'retention run finished');
  });
}
