// Works a queue in batches: fetch up to batchSize jobs at once, run them concurrency at a time, and fetch again at
// once while batches come back full, so a backlog is not worked through one poll interval per job. A job that
// throws is failed on its own (and retried by pg-boss); the rest of its batch completes.
import type PgBoss from 'pg-boss';
import type { JobQueue } from './queue';

export interface BatchWorkOptions {
  /** Jobs fetched (and marked active) per round trip. */
  batchSize: number;
  /** Jobs of a batch that run at the same time. */
  concurrency: number;
  /** How long an idle worker waits before asking again. */
  pollingIntervalSeconds: number;
}

export async function workInBatches<T extends object>(
  queue: JobQueue,
  name: string,
  options: BatchWorkOptions,
  handle: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  onFailure?: (job: PgBoss.JobWithMetadata<T>, err: unknown) => void,
): Promise<string> {
  // The handler may run before work() resolves with the id; until then a full batch just waits one poll interval.
  const worker: { id?: string } = {};
  worker.id = await queue.boss.work<T>(
    name,
    { batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds, includeMetadata: true },
    async (jobs) => {
      const failed: { job: PgBoss.JobWithMetadata<T>; err: unknown }[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(options.concurrency, jobs.length) }, async () => {
          while (next < jobs.length) {
            const job = jobs[next++]!;
            try {
              await handle(job);
            } catch (err) {
              failed.push({ job, err });
            }
          }
        }),
      );
      // Before returning: pg-boss then completes the batch, which touches only jobs that are still active.
      for (const { job, err } of failed) {
        onFailure?.(job, err);
        await queue.boss.fail(name, job.id, err as object);
      }
      // A full batch means more may be waiting: skip the poll interval (pg-boss's loop waits unless notified).
      if (jobs.length === options.batchSize && worker.id) queue.boss.notifyWorker(worker.id);
    },
  );
  return worker.id;
}
