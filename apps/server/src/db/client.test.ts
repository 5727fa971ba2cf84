// The PostgreSQL connection pool outlives a connection the server drops (restart, failover, an admin's
// pg_terminate_backend): the process keeps running and the next query gets a fresh connection. This needs a
// PostgreSQL server, so it runs in both test modes against the run's server (DATABASE_URL) or this machine's.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { adminQuery, testDatabaseUrl, withDatabase } from '../test/postgres-admin';

const adminUrl = testDatabaseUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bq_t_${process.pid}_pool_${randomBytes(4).toString('hex')}`;
let database: Database;
const idleErrors: Error[] = [];

beforeAll(async () => {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), onIdleConnectionError: (err) => idleErrors.push(err) });
});
afterAll(async () => {
  await database.close();
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('PostgreSQL connection pool', () => {
  it('reports a dropped idle connection instead of crashing, and serves the next query on a new one', async () => {
    const backendPid = async () => ((await database.executeSql('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    const pid = await backendPid();
    await adminQuery(adminUrl, `SELECT pg_terminate_backend(${pid})`);
    // The pool hears of the closed socket asynchronously.
    for (let i = 0; i < 50 && idleErrors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(idleErrors).toHaveLength(1);
    expect(await backendPid()).not.toBe(pid);
  });
});
