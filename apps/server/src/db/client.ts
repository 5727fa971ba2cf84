// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both are wrapped in the same drizzle type so the rest of the server never knows which one it talks to.
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Enough for 20 concurrent requests without waiting for a connection (issue 12); DB_POOL_SIZE overrides it. */
export const DEFAULT_POOL_SIZE = 20;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Plain SQL with $n parameters, for libraries that bring their own SQL (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  /** PostgreSQL: most connections this process opens (DB_POOL_SIZE); requests beyond it wait for a free one. */
  poolSize?: number;
  /** Errors of idle PostgreSQL connections (server restart, terminated backend); the pool replaces them. */
  onIdleConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? DEFAULT_POOL_SIZE });
    // Without a listener, an idle connection that the server drops is an 'error' event nobody handles, which
    // ends the whole process. The pool discards that connection and opens a new one on the next query.
    pool.on('error', (err) => (opts.onIdleConnectionError ?? warnIdleConnectionError)(err));
    // The pool listens only to idle clients. A checked-out one (a transaction between two statements) that the
    // server drops (57P01 on a fast shutdown) emits 'error' too, which unhandled ends the process. Its next
    // statement fails instead (the request answers 503) and the pool discards it on release, as it is not queryable.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm backs the client search's trigram indexes (migration 0008); PostgreSQL ships it as a contrib extension.
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite's query() takes one statement; parameterless calls may hold several (the queue's migrations).
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: () => client.close(),
  };
}

function warnIdleConnectionError(err: Error) {
  console.warn(`database: an idle connection failed and was discarded (${err.message})`);
}
