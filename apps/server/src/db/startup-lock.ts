// Processes that start together against one PostgreSQL (the compose file's two APIs and a worker, or a rolling
// deploy's new replicas) take turns at the start-up steps that create or change shared things: migrations, the
// shipped texts, the job queue's schema and queues. Unserialised, pg-boss's create_queue deadlocks when two processes
// create the same queue at once (one inserts the queue row and then adds a foreign key to that table; the other's
// insert waits for the first's row while holding the lock the foreign key needs). The loser exited, and CI's
// deployment check once saw its second API never become ready (docs/decisions/0060).
import pg from 'pg';

/** One fixed key for the whole product ('bq' start-up); a session lock, so it ends with the connection at the latest. */
export const STARTUP_LOCK_KEY = 0x62710001;

/**
 * Runs `setUp` while this process holds the database's start-up lock. PostgreSQL: a session advisory lock on a
 * connection of its own (not the pool's, so `setUp` may use every pooled connection; DB_POOL_SIZE=1 works). Without
 * a DATABASE_URL (embedded PGlite, one process) `setUp` runs at once.
 */
export async function withStartupLock<T>(databaseUrl: string | undefined, setUp: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return setUp();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bq-startup-lock' });
  // A connection the server drops while we wait or hold the lock must not end the process as an unhandled 'error';
  // the lock goes with the connection, and the next statement fails and is reported as a failed start.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await setUp();
  } finally {
    // Closing the connection releases the session lock too; unlocking first lets the next process go on at once.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
