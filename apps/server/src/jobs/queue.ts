// The durable job queue: pg-boss on the same PostgreSQL (or PGlite) as the data. Jobs are enqueued inside the
// transaction that causes them (see enqueueInTransaction), so a rolled-back change leaves no job and a
// committed one never loses its job. Handlers must be idempotent: a job can run again after a crash.
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';

export const QUEUES = {
  /** Score a FILLED interaction instance; data: { instanceId }. */
  calculate: 'interaction-calculate',
  /** Deliver one outbox mail; data: { mailId } (features/mail/deliver-mail.ts). */
  mailDeliver: 'mail-deliver',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * Per-queue retry policy where the default does not fit. Mail: a mail server that is down for a while should not
 * exhaust the retries within a minute, so 5 retries with backoff from 30 s span about half an hour.
 */
const QUEUE_OPTIONS: Partial<Record<QueueName, { retryLimit?: number; retryDelay?: number; expireInSeconds?: number }>> = {
  [QUEUES.mailDeliver]: { retryLimit: 5, retryDelay: 30, expireInSeconds: 10 * 60 },
};

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function openJobQueue(database: Database, opts: { onError?: (err: Error) => void } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) as Promise<{ rows: never[] }> },
    // Housekeeping runs in the worker role; intervals kept modest for an embedded single process.
    supervise: true,
    schedule: false,
  });
  boss.on('error', (err: Error) => opts.onError?.(err));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60, ...QUEUE_OPTIONS[name] });
  }
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}

/** $1-style SQL from a library, run through a drizzle transaction so it commits or rolls back with it. */
function withParams(text: string, values: unknown[] = []): SQL {
  // Like node-postgres: undefined is NULL, plain objects travel as JSON (the job data), dates and arrays as they are.
  const param = (v: unknown) => (v === undefined ? null : v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v) ? JSON.stringify(v) : v);
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${param(values[Number(part) - 1])}`));
  return sql.join(chunks, sql.raw(''));
}

export async function enqueueInTransaction(queue: JobQueue, tx: Tx, name: QueueName, data: object, options: { singletonKey?: string } = {}) {
  const id = await queue.boss.send(name, data, {
    ...options,
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        const result = (await tx.execute(withParams(text, values))) as unknown as { rows: never[] };
        return { rows: result.rows };
      },
    },
  });
  // pg-boss answers null instead of failing when a queue is missing or a singleton is already queued.
  return id;
}
