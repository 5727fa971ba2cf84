// The job machinery under failure and load (issue 12, items 8 and 9): a calculation whose worker died is taken up
// again within a minute and still gives one result and one auto report mail; one worker works through 120
// submissions, each exactly once; a failing job in a batch is retried on its own. Speed is shown by `npm run bench`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { interactionInstances, mailOutbox } from '../db/schema';
import { seedAnsweredInstances, seedLoadAccount, type LoadAccount } from '../features/demo/load-seed';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { workInBatches } from './batch-worker';
import { QUEUES, openJobQueue } from './queue';

const DYING_WORKER = fileURLToPath(new URL('../test/dying-worker.ts', import.meta.url));

async function statusOf(t: TestApp, token: string) {
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
  return row!;
}

async function waitUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function submit(t: TestApp, token: string) {
  const res = await new TestClient(t.app, '192.0.2.30').request('POST', `/api/q/${token}/submit`);
  expect(res.statusCode).toBe(200);
}

/** A worker that takes the next calculation and dies: a killed process on PostgreSQL, a cut-off queue on PGlite. */
async function workerThatDies(t: TestApp): Promise<{ died: Promise<void>; cleanUp(): Promise<void> }> {
  if (t.kind === 'postgres') {
    // Its own process, killed with SIGKILL while it holds the row inside the transaction that would finish it.
    const child = spawn(process.execPath, ['--import', 'tsx', DYING_WORKER, t.config.DATABASE_URL!], { stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    child.stdout.on('data', (d: Buffer) => (said += d.toString()));
    child.stderr.on('data', (d: Buffer) => (said += d.toString()));
    await waitUntil('the dying worker to start', 30_000, async () => (said.includes('ready') ? true : child.exitCode !== null ? Promise.reject(new Error(said)) : undefined));
    const died = (async () => {
      await waitUntil('the dying worker to take the job', 30_000, async () => (said.includes('holding') ? true : undefined));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    })();
    return { died, cleanUp: async () => void (child.exitCode === null && child.kill('SIGKILL')) };
  }
  // PGlite is one process: a second queue whose every database call hangs from the moment it "dies", like a
  // process that is gone. Its handler moves the instance to CALCULATING (committed) and never returns.
  let dead = false;
  const gone = new Promise<never>(() => {});
  const database: Database = { ...t.database, executeSql: (text, values) => (dead ? gone : t.database.executeSql(text, values)) };
  const queue = await openJobQueue(database);
  let took: () => void = () => {};
  const taken = new Promise<void>((resolve) => (took = resolve));
  await queue.boss.work<{ instanceId: string }>(QUEUES.calculate, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    await t.db.update(interactionInstances).set({ status: 'CALCULATING', updatedAt: new Date() }).where(eq(interactionInstances.id, job.data.instanceId));
    dead = true;
    took();
    return gone;
  });
  return {
    died: taken,
    cleanUp: async () => {
      dead = false; // its timers may run again; the job is finished, so nothing they do changes it
      await queue.boss.stop({ graceful: false, wait: false });
    },
  };
}

let t: TestApp;
let account: LoadAccount;
beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '0.5' });
  account = await seedLoadAccount(t.db, { clients: 0, finishedInstances: 0, adminEmail: 'jobs@test.example', adminPassword: 'Jobs-Test-2026!' });
});
afterAll(() => t.close());

describe('a calculation whose worker died', () => {
  it('is calculated by another worker within a minute, with one result and one auto report mail', { timeout: 120_000 }, async () => {
    // Its own app: no other worker of this file may take the job first.
    const isolated = await createTestApp({ JOB_POLL_SECONDS: '0.5' });
    const own = await seedLoadAccount(isolated.db, { clients: 0, finishedInstances: 0, adminEmail: 'dies@test.example', adminPassword: 'Jobs-Test-2026!' });
    const [token] = await seedAnsweredInstances(isolated.db, { account: own, count: 1, autoSendReport: true, unlocked: true });
    const dying = await workerThatDies(isolated);
    try {
      await submit(isolated, token!);
      await dying.died;
      const diedAt = Date.now();
      // Nothing finished: the dead worker's uncommitted result (PostgreSQL) or its unfinished scoring (PGlite).
      const left = await statusOf(isolated, token!);
      expect(left.status).toBe('CALCULATING');
      expect(left.results).toBeNull();

      await isolated.startWorker();
      const done = await waitUntil('the result', 65_000, async () => {
        const row = await statusOf(isolated, token!);
        return row.status === 'RESULTS_AVAILABLE' ? row : undefined;
      });
      const seconds = (Date.now() - diedAt) / 1000;
      expect(seconds).toBeLessThan(60);
      expect(done.results?.answersHash).toMatch(/^[0-9a-f]{64}$/);
      expect(done.reportSentAt).not.toBeNull();
      const mails = await isolated.db.select().from(mailOutbox).where(eq(mailOutbox.instanceId, done.id));
      expect(mails.map((m) => m.dedupeKey)).toEqual([`report:${done.id}`]);
      // It ran again as the retry of the expired job, not as a second job.
      const jobs = await isolated.database.executeSql(`select state, retry_count from pgboss.job where name = $1 and data->>'instanceId' = $2`, [
        QUEUES.calculate,
        done.id,
      ]);
      expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await dying.cleanUp();
      await isolated.close();
    }
  });
});

describe('one worker under load', () => {
  it('calculates 120 submissions, each once, with one auto report mail each, and delivers the mails', { timeout: 120_000 }, async () => {
    const tokens = await seedAnsweredInstances(t.db, { account, count: 120, autoSendReport: true, unlocked: true, seed: 12 });
    for (const token of tokens) await submit(t, token);
    await t.startWorker();
    const rows = await waitUntil('120 results', 90_000, async () => {
      const found = await t.db.select().from(interactionInstances).where(inArray(interactionInstances.token, tokens));
      return found.every((r) => r.status === 'RESULTS_AVAILABLE') ? found : undefined;
    });
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.results?.answersHash && r.reportSentAt)).toBe(true);
    const ids = rows.map((r) => r.id);
    const perInstance = await t.db
      .select({ instanceId: mailOutbox.instanceId, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(inArray(mailOutbox.instanceId, ids))
      .groupBy(mailOutbox.instanceId);
    expect(perInstance).toHaveLength(120);
    expect(perInstance.every((m) => m.n === 1)).toBe(true);
    await waitUntil('the mails to be delivered', 60_000, async () => {
      const pending = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(sql`${inArray(mailOutbox.instanceId, ids)} and ${mailOutbox.status} <> 'SENT'`);
      return pending.length === 0 ? true : undefined;
    });
    // No calculation needed a second attempt.
    const retried = await t.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = $1 and retry_count > 0 and data->>'instanceId' in (select jsonb_array_elements_text($2::jsonb))`,
      [QUEUES.calculate, JSON.stringify(ids)],
    );
    expect(retried.rows).toEqual([{ n: 0 }]);
  });
});

describe('workInBatches', () => {
  it('fails a throwing job on its own: it is retried, the rest of its batch completes once', { timeout: 60_000 }, async () => {
    const name = 'test-batch-isolation';
    await t.queue.boss.createQueue(name, { name, retryLimit: 2, retryDelay: 1 });
    const runs = new Map<number, number>();
    for (let n = 0; n < 6; n++) await t.queue.boss.send(name, { n });
    const workerId = await workInBatches<{ n: number }>(t.queue, name, { batchSize: 6, concurrency: 3, pollingIntervalSeconds: 0.5 }, async (job) => {
      runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
      if (job.data.n === 3 && job.retryCount === 0) throw new Error('first attempt fails');
    });
    try {
      const states = await waitUntil('every job to complete', 30_000, async () => {
        const { rows } = await t.database.executeSql(`select data->>'n' as n, state, retry_count from pgboss.job where name = $1 order by (data->>'n')::int`, [name]);
        const all = rows as { n: string; state: string; retry_count: number }[];
        return all.length === 6 && all.every((r) => r.state === 'completed') ? all : undefined;
      });
      expect(states.map((r) => r.retry_count)).toEqual([0, 0, 0, 1, 0, 0]);
      expect([...runs.entries()].sort(([a], [b]) => a - b)).toEqual([[0, 1], [1, 1], [2, 1], [3, 2], [4, 1], [5, 1]]);
    } finally {
      await t.queue.boss.offWork({ id: workerId });
    }
  });
});
