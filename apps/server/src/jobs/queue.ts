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
  /**
   * Deliver one outbox mail through its account's own SMTP server, in that account's lane; data: { mailId, accountId }
   * (features/mail/own-sender-lanes.ts, docs/decisions/0067).
   */
  mailDeliverOwn: 'mail-deliver-own',
  /** The daily retention run over every account; no data (features/retention/retention-job.ts). */
  retention: 'retention-sweep',
  /** Work through one bulk send in chunks; data: { bulkSendId } (features/bulk-send/run-bulk-send.ts). */
  bulkSend: 'bulk-send',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * pg-boss 10 has no heartbeat: a job whose worker died stays active until it expires (started_on + expire_in), is
 * failed by the maintenance sweep and, after its retry delay, fetched again. So a calculation, which takes
 * milliseconds, expires after CALCULATION_EXPIRE_SECONDS and the sweep runs every MAINTENANCE_INTERVAL_SECONDS:
 * a dead worker's calculation is picked up again within 30 + 10 + retry delay (2-4 s) + poll (1 s), under a
 * minute (docs/decisions/0017-jobs-and-search-at-scale.md). A live job that overruns the expiry is only run twice,
 * which the idempotent handler (features/calculation/calculate-instance.ts) turns into one result.
 */
export const CALCULATION_EXPIRE_SECONDS = 30;
export const MAINTENANCE_INTERVAL_SECONDS = 10;

/**
 * Per-queue retry policy where the default does not fit. Mail: a mail server that is down for a while should not
 * exhaust the retries within a minute, so 5 retries with backoff from 30 s span about half an hour.
 */
function queueOptions(mailLeaseSeconds: number): Partial<Record<QueueName, { retryLimit?: number; retryDelay?: number; expireInSeconds?: number }>> {
  return {
    [QUEUES.calculate]: { expireInSeconds: CALCULATION_EXPIRE_SECONDS },
    // Expires after twice the SENDING lease (default 10 minutes); the recovery sweep resends a dead worker's mail sooner.
    [QUEUES.mailDeliver]: { retryLimit: 5, retryDelay: 30, expireInSeconds: 2 * mailLeaseSeconds },
    [QUEUES.mailDeliverOwn]: { retryLimit: 5, retryDelay: 30, expireInSeconds: 2 * mailLeaseSeconds },
    // A run over many accounts may take a while; a failed one is tried again after 10 minutes, at most 3 times.
    [QUEUES.retention]: { retryLimit: 3, retryDelay: 600, expireInSeconds: 60 * 60 },
    // A dead worker's bulk send goes on from its cursor soon; a live one that overruns is only run twice, and the
    // second waits for the first's row lock per chunk (docs/decisions/0049).
    [QUEUES.bulkSend]: { retryLimit: 10, expireInSeconds: 120 },
  };
}

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function openJobQueue(
  database: Database,
  opts: { onError?: (err: Error) => void; /** MAIL_SEND_LEASE_SECONDS */ mailLeaseSeconds?: number } = {},
): Promise<JobQueue> {
  const perQueue = queueOptions(opts.mailLeaseSeconds ?? 300);
  // pg-boss may still record a job's outcome after its graceful stop gave up waiting (a job in flight at shutdown);
  // the database closes right after stop(), and that late query would be an unhandled rejection. Once the queue has
  // stopped nothing it writes matters (an unfinished job expires and runs again): its statements answer no rows.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) =>
        (stopped ? Promise.resolve({ rows: [] }) : database.executeSql(text, values)) as Promise<{ rows: never[] }>,
    },
    // The maintenance sweep (expire, archive, drop) runs in every process; a timestamp in pg-boss's schema lets
    // only one of them run it per interval.
    supervise: true,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    schedule: false,
  });
  boss.on('error', (err: Error) => opts.onError?.(err));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    const options = { name, retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60, ...perQueue[name] };
    // createQueue leaves an existing queue as it is: updateQueue brings the policy of earlier installs up to date.
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      stopped = true;
    },
  };
}

function executorOf(tx: Tx) {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = (await tx.execute(withParams(text, values))) as unknown as { rows: never[] };
      return { rows: result.rows };
    },
  };
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
    db: executorOf(tx),
  });
  // pg-boss answers null instead of failing when a queue is missing or a singleton is already queued.
  return id;
}

/** Many jobs in one INSERT, in the caller's transaction (a bulk send's invitation mails, one chunk at a time). */
export async function insertJobsInTransaction(queue: JobQueue, tx: Tx, jobs: PgBoss.JobInsert[]): Promise<void> {
  if (jobs.length > 0) await queue.boss.insert(jobs, { db: executorOf(tx) });
}
