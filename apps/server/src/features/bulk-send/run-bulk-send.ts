// The worker's side of a bulk send: one pg-boss job per send works through its clients chunk by chunk, each chunk
// its own transaction (send-chunk.ts). The job holds no state of its own: run again after a crash, it goes on from
// the cursor the last committed chunk left.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { workInBatches } from '../../jobs/batch-worker';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { sendChunk } from './send-chunk';

/**
 * Clients per chunk (one transaction): the questionnaires and the mails are one INSERT ... SELECT each (over arrays,
 * over a JSON array), so the size is bounded by how long a stop may wait and a rolled-back chunk costs, not by parameters.
 */
export const BULK_CHUNK_SIZE = 2000;

export async function runBulkSend(
  db: Db,
  config: Config,
  bulkSendId: string,
  options: {
    chunkSize?: number;
    /** After each committed chunk; the tests throw here to play a worker that dies midway. */
    afterChunk?: (index: number) => void | Promise<void>;
  } = {},
): Promise<void> {
  const chunkSize = options.chunkSize ?? BULK_CHUNK_SIZE;
  for (let index = 0; ; index++) {
    const more = await db.transaction((tx) => sendChunk(tx, config, bulkSendId, chunkSize));
    if (!more) return;
    await options.afterChunk?.(index);
    // Other work of this process (API requests on the embedded database, other jobs) gets a turn between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One bulk send at a time per worker: a send is already a large batch, and the mail jobs it makes are the fan-out. */
export async function startBulkSendWorker(db: Db, config: Config, log: FastifyBaseLogger, queue: JobQueue): Promise<void> {
  await workInBatches<{ bulkSendId: string }>(
    queue,
    QUEUES.bulkSend,
    { batchSize: 1, concurrency: 1, pollingIntervalSeconds: config.JOB_POLL_SECONDS },
    (job) => runBulkSend(db, config, job.data.bulkSendId),
    (job, err) => log.warn({ err, bulkSendId: job.data.bulkSendId }, 'bulk send job failed; pg-boss runs it again from its cursor'),
  );
}
