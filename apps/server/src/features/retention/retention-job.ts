// The retention job on the durable queue (docs/decisions/0044): the worker's housekeeping asks for it every few
// minutes, and pg-boss's singleton slot (one job per key and day) lets only the first ask of each day through, in
// however many worker processes. A job that fails is retried by pg-boss; the sweep is idempotent.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { runRetention } from './retention-sweep';

const DAY_SECONDS = 24 * 3600;

/** Queues today's run unless it is already queued (or ran) in this day's slot; the job's id, or null. */
export function scheduleRetention(queue: JobQueue): Promise<string | null> {
  return queue.boss.send(QUEUES.retention, {}, { singletonKey: 'daily', singletonSeconds: DAY_SECONDS });
}

export async function startRetentionWorker(db: Db, chainKey: string, log: FastifyBaseLogger, queue: JobQueue): Promise<void> {
  await queue.boss.work(QUEUES.retention, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
    const run = await runRetention(db, chainKey, new Date(), (accountId, err) => log.error({ err, accountId }, 'retention failed for an account'));
    log.info({ accounts: run.accounts, removed: run.removed, accountlessMails: run.accountlessMails }, 'retention run finished');
  });
}
