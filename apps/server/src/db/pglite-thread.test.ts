// The embedded PGlite on its own thread (db/pglite-thread.ts, docs/decisions/0058), the server's default since the
// quiet-machine measurement: what drizzle, the job queue and the change notifications rely on works across the
// thread, and a long query no longer stops the API's event loop. The API suite runs PGlite in its own process
// (test/test-app.ts), so this file and the @embedded journeys are what test the start command's transport.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

let database: Database;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  // A fresh in-memory PGlite of its own, so this file runs in the PostgreSQL pass too (which has no PGlite template).
  database = await openDatabase({ pgliteThread: true });
  await database.executeSql('create table thread_probe (id int primary key, note text not null, at timestamptz not null default now())');
});
afterAll(() => database.close());

describe('PGlite on its own thread', () => {
  it('answers drizzle with typed rows: numbers, dates and JSON as in process', async () => {
    const [row] = rowsOf<{ n: number; at: string; doc: { a: number[] } }>(
      await database.db.execute(sql`select 41 + 1 as n, timestamptz '2026-01-02 03:04:05+00' as at, '{"a":[1,2]}'::jsonb as doc`),
    );
    expect(row).toEqual({ n: 42, at: expect.stringMatching(/^2026-01-02 03:04:05/), doc: { a: [1, 2] } });
  });

  it('commits a transaction, and rolls back one that throws, leaving nothing of it', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (1, 'kept')`);
      await tx.execute(sql`insert into thread_probe (id, note) values (2, 'kept too')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (3, 'undone')`);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    const notes = rowsOf<{ note: string }>(await database.db.execute(sql`select note from thread_probe order by id`));
    expect(notes.map((r) => r.note)).toEqual(['kept', 'kept too']);
  });

  it("carries PostgreSQL's error code and constraint across, so a duplicate maps to its 409 as in process", async () => {
    const duplicate = database.db.execute(sql`insert into thread_probe (id, note) values (1, 'twice')`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505', constraint: 'thread_probe_pkey' } });
    // The session is usable after the error.
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from thread_probe`))[0]!.n).toBe(2);
  });

  it("delivers a committed write's notification before the writer's commit returns (the caches rely on it)", async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_probe_channel', { notify: (payload) => heard.push(payload), live: () => {}, lost: () => {} });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (10, 'announced')`);
      await tx.execute(sql`select pg_notify('thread_probe_channel', 'row 10')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['row 10']);
    await stop();
  });

  it("keeps the API's event loop turning while a long query runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    await database.executeSql('select count(*) from generate_series(1, 3000000) a, lateral (select md5(a::text)) m');
    const took = performance.now() - started;
    clearInterval(timer);
    // In process the loop does not tick at all until the query returns (0 ticks in 1.5 s); here it keeps ticking. The
    // bound is loose because a loaded CI machine delays timers.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it("dumps the data directory, which opens again with the thread's writes in it", async () => {
    // As the tests' global set-up dumps its template: through drizzle's client.
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await openDatabase({ loadDataDir: await client.dumpDataDir('none'), pgliteThread: true });
    try {
      const notes = rowsOf<{ note: string }>(await copy.db.execute(sql`select note from thread_probe order by id`));
      expect(notes.map((r) => r.note)).toEqual(['kept', 'kept too', 'announced']);
    } finally {
      await copy.close();
    }
  });
});
