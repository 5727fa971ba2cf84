// Processes starting together against one fresh PostgreSQL (the compose file's two APIs and a worker) each finish
// their start-up: prepareDatabase takes turns under the start-up lock. Without it, pg-boss's queue creation deadlocks
// (two of three processes failed in 20 of 30 tries here); CI's deployment check once saw an API never become ready.
// Needs a PostgreSQL server, so it runs in both test modes against the run's server or this machine's.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { prepareDatabase } from './prepare-database';
import { STARTUP_LOCK_KEY, withStartupLock } from './startup-lock';
import { adminQuery, testDatabaseUrl, withDatabase } from '../test/postgres-admin';
import { QUEUES } from '../jobs/queue';

const adminUrl = testDatabaseUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const created: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `bq_t_${process.pid}_start_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  created.push(name);
  return withDatabase(adminUrl, name);
}

afterAll(async () => {
  for (const name of created) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('start-up of several processes against one fresh PostgreSQL', () => {
  it('three processes starting at once all finish: migrated, texts loaded, every queue created once', async () => {
    // Three rounds, each on a fresh database: a single round could pass by luck without the lock.
    for (let round = 0; round < 3; round++) {
      const url = await freshDatabase();
      const databases: Database[] = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
      const config = { DATABASE_URL: url, demoData: false, MAIL_SEND_LEASE_SECONDS: 300 };
      const started = await Promise.allSettled(databases.map((database) => prepareDatabase(database, config, () => {})));
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : []));
      for (const s of started) if (s.status === 'fulfilled') await s.value.queue.stop();
      const queues = await databases[0]!.executeSql('select name from pgboss.queue order by name');
      const texts = await databases[0]!.executeSql('select count(*)::int as n from translations');
      for (const database of databases) await database.close();
      expect(failures).toEqual([]);
      expect((queues.rows as { name: string }[]).map((q) => q.name)).toEqual(Object.values(QUEUES).sort());
      expect((texts.rows[0] as { n: number }).n).toBeGreaterThan(1000);
    }
  }, 120_000);

  it('the lock lets one process at a time through, and lets go when its set-up fails', async () => {
    const url = await freshDatabase();
    const spans: { start: number; end: number }[] = [];
    const setUp = async () => {
      const start = performance.now();
      await new Promise((r) => setTimeout(r, 150));
      spans.push({ start, end: performance.now() });
    };
    const failing = withStartupLock(url, async () => {
      throw new Error('migration failed');
    });
    await expect(failing).rejects.toThrow('migration failed');
    await Promise.all([withStartupLock(url, setUp), withStartupLock(url, setUp), withStartupLock(url, setUp)]);
    spans.sort((a, b) => a.start - b.start);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    // Nobody holds it afterwards.
    const held = await adminQuery(url, `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${STARTUP_LOCK_KEY} and database = (select oid from pg_database where datname = current_database())`);
    expect(held.rows[0].n).toBe(0);
  });
});
