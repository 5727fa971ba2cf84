// The PostgreSQL connection pool outlives a connection the server drops (restart, failover, an admin's
// pg_terminate_backend): the process keeps running and the next query gets a fresh connection. This needs a
// PostgreSQL server, so it runs in both test modes against the run's server (DATABASE_URL) or this machine's.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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

  it('survives a connection dropped inside a transaction between two statements: the transaction fails, the process goes on', async () => {
    // The server's message (57P01, as on a fast shutdown) arrives while no statement runs on the checked-out
    // connection, so it is an 'error' event on the client, where the pool listens only while the client is idle.
    // Unhandled, that ends the process (the fault script saw an API process die so during a PostgreSQL restart).
    let pid = 0;
    const transaction = database.db.transaction(async (tx) => {
      pid = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      await adminQuery(adminUrl, `SELECT pg_terminate_backend(${pid})`);
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    const next = ((await database.executeSql('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    expect(next).not.toBe(pid);
  });
});
