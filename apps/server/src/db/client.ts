// Opens the database: embedded PGlite in DATA_DIR by default (on a thread of its own unless PGLITE_THREAD=false),
// PostgreSQL when DATABASE_URL is set.
// Both are wrapped in the same drizzle type so the rest of the server never knows which one it talks to.
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool as PgPool, PoolClient as PgPoolClient } from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Enough for 20 concurrent requests without waiting for a connection (issue 12); DB_POOL_SIZE overrides it. */
export const DEFAULT_POOL_SIZE = 20;

export interface Database {
  db: Db;
  /**
   * Where BI calls and exports read (docs/decisions/0059): a pool on DATABASE_REPLICA_URL's streaming replica, or the
   * same handle as `db` without one (and always on PGlite).
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  /** Plain SQL with $n parameters, for libraries that bring their own SQL (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Listens to a NOTIFY channel (db/data-changes.ts). PGlite: from its thread, delivered before the writer's commit
   * returns. PostgreSQL: on a connection of its own, which is replaced when it breaks: `lost` while notifications
   * may be missed, `live` once listening (again). Returns the function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  live(): void;
  lost(): void;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  /** PostgreSQL only: a streaming replica that `readDb` reads from (DATABASE_REPLICA_URL). */
  replicaUrl?: string;
  dataDir?: string;
  /** PGlite only: on a worker thread (config PGLITE_THREAD, the server's default) or, when false, in this process. */
  pgliteThread?: boolean;
  loadDataDir?: Blob;
  /** PostgreSQL: most connections this process opens (DB_POOL_SIZE); requests beyond it wait for a free one. */
  poolSize?: number;
  /** Errors of idle PostgreSQL connections (server restart, terminated backend); the pool replaces them. */
  onIdleConnectionError?: (err: Error) => void;
  /** Sees every statement drizzle sends (tests count the queries of the common path with it). */
  onQuery?: (sql: string) => void;
}): Promise<Database> {
  const logger = { logQuery: (query: string) => opts.onQuery?.(query) };
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A request never waits for a connection forever: after CONNECTION_WAIT_MS it fails (503), e.g. if PostgreSQL
    // accepts no connections or the pool is used up.
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: CONNECTION_WAIT_MS });
    // Without a listener, an idle connection that the server drops is an 'error' event nobody handles, which
    // ends the whole process. The pool discards that connection and opens a new one on the next query.
    pool.on('error', (err) => (opts.onIdleConnectionError ?? warnIdleConnectionError)(err));
    // The pool listens only to idle clients. A checked-out one (a transaction between two statements) that the
    // server drops (57P01 on a fast shutdown) emits 'error' too, which unhandled ends the process. Its next
    // statement fails instead (the request answers 503) and the pool discards it on release, as it is not queryable.
    pool.on('connect', (client) => client.on('error', () => {}));
    releaseBrokenTransactionClients(pool);
    const db = drizzle(pool, { schema, logger }) as unknown as Db;
    // The replica's pool names itself, so pg_stat_activity on the replica shows which connections read there.
    const replica = opts.replicaUrl
      ? new Pool({ connectionString: opts.replicaUrl, max: opts.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: CONNECTION_WAIT_MS, application_name: 'bq-replica-reads' })
      : null;
    replica?.on('error', (err) => (opts.onIdleConnectionError ?? warnIdleConnectionError)(err));
    replica?.on('connect', (client) => client.on('error', () => {}));
    return {
      db,
      readDb: replica ? (drizzle(replica, { schema, logger }) as unknown as Db) : db,
      kind: 'postgres',
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      listen: (channel, handlers) => listenOnPostgres(opts.databaseUrl!, channel, handlers),
      close: async () => {
        await pool.end();
        await replica?.end();
      },
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // PGlite on a thread of its own (db/pglite-worker.ts, docs/decisions/0058; the server's default, PGLITE_THREAD), so
  // its queries do not stall requests; in this process for the tests (one request at a time) and PGLITE_THREAD=false.
  const client =
    opts.pgliteThread
      ? await (await import('./pglite-thread')).openPgliteThread({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir })
      : await openPgliteInProcess(opts.dataDir, opts.loadDataDir);
  const db = drizzle(client as never, { schema, logger }) as unknown as Db;
  return {
    db,
    readDb: db,
    kind: 'pglite',
    // PGlite's query() takes one statement; parameterless calls may hold several (the queue's migrations).
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.live();
      return stop;
    },
    close: () => client.close(),
  };
}

/** How often the listening connection is checked, and how long a broken one waits before it is replaced. */
const LISTEN_PING_MS = 10_000;
const LISTEN_RETRY_MS = 1_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (pool connections come and go). A connection that ends or fails its
 * ping is reported `lost` at once and replaced after LISTEN_RETRY_MS; `live` again once the new one listens. The
 * ping finds a connection that died without a word (a network partition) within LISTEN_PING_MS.
 */
async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  const { Client } = await import('pg');
  let current: InstanceType<typeof Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const drop = (client: InstanceType<typeof Client>) => {
    if (current !== client) return;
    current = null;
    handlers.lost();
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS).unref();
  };
  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString: url, keepAlive: true });
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      drop(client);
      return;
    }
    if (stopped) return void client.end().catch(() => {});
    if (current === client) handlers.live();
  };
  const ping = setInterval(() => {
    const client = current;
    if (!client) return;
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), LISTEN_PING_MS / 2).unref());
    Promise.race([client.query('SELECT 1'), timeout]).catch(() => drop(client));
  }, LISTEN_PING_MS).unref();
  await connect();
  return async () => {
    stopped = true;
    clearInterval(ping);
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/** How long a query waits for a free (or new) connection before it fails. */
const CONNECTION_WAIT_MS = 10_000;

/**
 * drizzle's transaction checks a client out of the pool and releases it in a `finally` that does not cover its
 * BEGIN: a connection that breaks just then (PostgreSQL restarting) is never released, and a few of those use up the
 * pool for good (found by the fault script: the worker stopped calculating after a PostgreSQL restart). So a
 * checked-out client whose statement fails because the connection broke is released (and so discarded) at once;
 * the release drizzle may still call later does nothing.
 */
function releaseBrokenTransactionClients(pool: PgPool) {
  const guarded = new WeakSet<PgPoolClient>();
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<PgPool['connect']>[0]) => {
    // The callback form is pool.query's, which releases with the error itself.
    if (callback) return connect(callback);
    return connect().then((client) => {
      const release = client.release;
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      if (!guarded.has(client)) {
        guarded.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const result = query(...args);
          if (!(result instanceof Promise)) return result;
          return result.catch((err: unknown) => {
            // client.release is this checkout's (pg-pool sets a new one on every checkout).
            if (isBrokenConnection(client, err)) client.release(err instanceof Error ? err : true);
            throw err;
          });
        }) as PgPoolClient['query'];
      }
      return client;
    });
  }) as PgPool['connect'];
}

const BROKEN_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006']);
function isBrokenConnection(client: PgPoolClient, err: unknown): boolean {
  const internals = client as unknown as { _queryable?: boolean; _ending?: boolean };
  if (internals._queryable === false || internals._ending === true) return true;
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && BROKEN_CONNECTION_CODES.has(e.code)) return true;
  return typeof e?.message === 'string' && /Connection terminated|not queryable/i.test(e.message);
}

function warnIdleConnectionError(err: Error) {
  console.warn(`database: an idle connection failed and was discarded (${err.message})`);
}

/** PGlite in this process, as before docs/decisions/0058 (the default while the thread is opt-in). */
async function openPgliteInProcess(dataDir: string | undefined, loadDataDir: Blob | undefined) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // pg_trgm backs the client search's trigram indexes (migration 0008); PostgreSQL ships it as a contrib extension.
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}
