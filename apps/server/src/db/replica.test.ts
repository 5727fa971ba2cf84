// Read replica routing (docs/decisions/0059), against a real streaming replica this test starts (initdb, then
// pg_basebackup -R): with DATABASE_REPLICA_URL set, the data export and the BI calls read the replica, while sign-in,
// writes and the audit trail go to the primary. Shown with the replica's replay paused: a client created through the
// API is in the client list (primary) at once but in the export (replica) only once replay goes on; and the BI calls
// run their transactions on the replica's database. PostgreSQL run only (vitest.config.ts), like backup.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { seedTranslations } from '../features/translations/seed-translations';
import { seedLoadAccount } from '../features/demo/load-seed';
import { openJobQueue, type JobQueue } from '../jobs/queue';
import { paths } from '../paths';
import { adminQuery, withDatabase } from '../test/postgres-admin';
import { startStreamingPair, type StreamingPair } from '../test/streaming-replica';
import { TestClient } from '../test/test-app';
import type { FastifyInstance } from 'fastify';

const PASSWORD = 'Replica-Test-2026!';
const DB = 'bq_replica';
let pair: StreamingPair;
let database: Database;
let queue: JobQueue;
let app: FastifyInstance;
let http: TestClient;
let productConfigurationId: string;

/** Waits until the replica has replayed everything the primary wrote so far. */
async function caughtUp() {
  const { rows } = await adminQuery(pair.primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
  const lsn = (rows[0] as { lsn: string }).lsn;
  for (let i = 0; i < 200; i++) {
    const replayed = await adminQuery(pair.replicaUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
    if ((replayed.rows[0] as { done: boolean }).done) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the replica did not catch up');
}

beforeAll(async () => {
  pair = await startStreamingPair();
  await adminQuery(pair.primaryUrl, `CREATE DATABASE ${DB}`);
  database = await openDatabase({ databaseUrl: withDatabase(pair.primaryUrl, DB), replicaUrl: withDatabase(pair.replicaUrl, DB) });
  await migrateDatabase(database);
  await seedTranslations(database.db, paths.translationsData);
  const account = await seedLoadAccount(database.db, { clients: 5, finishedInstances: 5, adminEmail: 'replica-admin@test.example', adminPassword: PASSWORD });
  productConfigurationId = account.productConfigurationId;
  queue = await openJobQueue(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATABASE_URL: withDatabase(pair.primaryUrl, DB),
    DATABASE_REPLICA_URL: withDatabase(pair.replicaUrl, DB),
  });
  app = await buildApp({ db: database.db, readDb: database.readDb, config, queue, logger: false });
  await app.ready();
  http = new TestClient(app);
  expect((await http.login('replica-admin@test.example', PASSWORD)).statusCode).toBe(200);
  await caughtUp();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await database?.close();
  await pair?.destroy();
});

const exportedRows = async () => {
  const res = await http.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US&content=clients');
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-rows']);
};
const listedClients = async () => {
  const res = await http.request('GET', `/api/participants?productConfigurationId=${productConfigurationId}`);
  expect(res.statusCode).toBe(200);
  return res.json().total as number;
};

describe('DATABASE_REPLICA_URL', () => {
  it('exports from the replica: a client written to the primary appears in the export only once the replica replayed it', async () => {
    expect(await exportedRows()).toBe(5);
    expect(await listedClients()).toBe(5);
    await adminQuery(withDatabase(pair.replicaUrl, DB), 'select pg_wal_replay_pause()');
    try {
      const created = await http.request('POST', '/api/u', { productConfigurationId, firstName: 'Rita', lastName: 'Replica', email: 'rita.replica@test.example' });
      expect(created.statusCode).toBeLessThan(300);
      // The write went to the primary (the replica is read-only and paused) and the client list reads the primary.
      expect(await listedClients()).toBe(6);
      expect(await exportedRows()).toBe(5);
    } finally {
      await adminQuery(withDatabase(pair.replicaUrl, DB), 'select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await exportedRows()).toBe(6);
  });

  it('counts a BI category on the replica: its query ran on a connection of the replica pool', async () => {
    const categories = await http.request('GET', '/api/bi/BQ_RISK/categories?locale=EN_US');
    expect(categories.statusCode).toBe(200);
    const key = categories.json().categories[0].key as string;
    const res = await http.request('GET', `/api/bi/BQ_RISK/category/${key}?locale=EN_US`);
    expect(res.statusCode).toBe(200);
    // pg_stat_activity keeps each connection's latest statement: the count over bi_counts ran on the replica, under
    // the replica pool's application_name, and on no connection of the primary.
    const ranOn = async (url: string) =>
      (await adminQuery(url, `select application_name from pg_stat_activity where datname = '${DB}' and query like '%from bi_counts%'`)).rows.map(
        (r) => (r as { application_name: string }).application_name,
      );
    expect(await ranOn(pair.replicaUrl)).toContain('bq-replica-reads');
    expect(await ranOn(pair.primaryUrl)).toEqual([]);
  });
});
