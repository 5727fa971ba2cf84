// Process entry: read config, open and migrate the database, seed, then serve the API (and the web app)
// and/or run the background worker, depending on ROLE.
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { checkDatabaseConnection } from './db/connection-check';
import { buildApp } from './app';
import { prepareDatabase, type PreparedDatabase } from './db/prepare-database';
import { startWorker } from './jobs/worker';
import { isDatabaseUnavailable } from './plugins/errors';
import { listenForDataChanges } from './db/data-changes';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

/** A start-up that cannot go on: one line on stderr, exit code 1 (no stack trace; an operator reads this). */
function startFailed(err: unknown): never {
  const line = ((err as Error)?.message ?? String(err)).split('\n')[0];
  console.error(`BQ platform could not start: ${line}`);
  process.exit(1);
}

// Errors before the app's logger exists go to stderr; after that to the log (see logs below).
const logs: { error?: (err: Error) => void; dbError?: (err: Error) => void; warn?: (message: string) => void } = {};
let database: Database;
let prepared: PreparedDatabase;
try {
  if (config.DATABASE_URL) await checkDatabaseConnection(config.DATABASE_URL);
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    replicaUrl: config.DATABASE_REPLICA_URL,
    dataDir: config.DATA_DIR,
    pgliteThread: config.PGLITE_THREAD,
    poolSize: config.DB_POOL_SIZE,
    onIdleConnectionError: (err) => (logs.dbError ? logs.dbError(err) : console.warn(`database connection error: ${err.message}`)),
  });
  // Migrations, texts, demo data and the job queue, one process at a time (db/startup-lock.ts); the queue's errors go
  // to the app's log once it exists.
  prepared = await prepareDatabase(database, config, (err) => logs.error?.(err));
} catch (err) {
  startFailed(err);
}
const { queue, marketHistorySeed } = prepared;

// API processes hear of every committed change, for the response cache (docs/decisions/0027) and the session cache
// (0031). Where the database's writers were told not to notify (migration 0018's switch), the response cache stays
// off and sessions are kept for at most a second: said once.
let saidSwitchedOff = false;
const switchedOff = () => {
  if (saidSwitchedOff) return;
  saidSwitchedOff = true;
  const message =
    "bq.change_notifications is 'off' in the database: the response cache stays off and sessions are cached for at most 1 s (RESPONSE_CACHE_SECONDS=0 says so without this warning)";
  if (logs.warn) logs.warn(message);
  else console.warn(message);
};
const cachesOn = config.RESPONSE_CACHE_SECONDS > 0 || config.AUTH_CACHE_SECONDS > 0;
const dataChanges = config.ROLE !== 'worker' && cachesOn ? await listenForDataChanges(database, { switchedOff }) : null;
const app = await buildApp({ db: database.db, readDb: database.readDb, config, queue, ...(dataChanges ? { dataChanges: dataChanges.changes } : {}) });
logs.error = (err) => app.log.error({ err }, 'job queue error');
logs.dbError = (err) => app.log.warn({ err }, 'an idle database connection failed and was discarded');
logs.warn = (message) => app.log.warn(message);
// One line on what the demo's market history is: imported now, already there, or why there is none (a dashboard
// without history says so only in the browser, so the operator reads it here).
if (marketHistorySeed) {
  if (marketHistorySeed.state !== 'none') app.log.info(marketHistorySeed.line);
  else app.log.warn(marketHistorySeed.line);
}
// pg-boss 10 completes or fails a fetched batch without awaiting it (src/manager.js, onFetch): while PostgreSQL is
// down that rejection is unhandled, which by default ends the process (the fault script saw the worker die so during
// a PostgreSQL restart). Such a job stays active and runs again after its expiry (handlers are idempotent). Any
// other unhandled rejection still ends the process.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    app.log.warn({ err: reason }, 'a database call nobody awaited failed while the database was unavailable');
    return;
  }
  app.log.fatal({ err: reason }, 'unhandled promise rejection');
  process.exit(1);
});
const worker = config.ROLE === 'api' ? null : await startWorker(database.db, config, app.log, queue);

if (config.ROLE !== 'worker') {
  await app.listen({ port: config.PORT, host: config.HOST }).catch(startFailed);
  app.log.info(
    `BQ platform ready on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} ` +
      `(${database.kind}${config.embedded ? `, data in ${config.DATA_DIR}` : ''}${config.demoData ? ', demo data' : ''})`,
  );
}

// Graceful shutdown (docs/decisions/0026): readiness turns 503 and new requests get 503 error.service.unavailable,
// in-flight requests finish (app.close), the worker takes no new jobs and running ones finish (queue.stop waits),
// then the pools close. A process that has not finished after SHUTDOWN_GRACE_SECONDS exits anyway.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.lifecycle.draining = true;
  app.log.info(`${signal} received, shutting down`);
  setTimeout(() => {
    app.log.error(`not finished after ${config.SHUTDOWN_GRACE_SECONDS} s, exiting anyway`);
    process.exit(1);
  }, config.SHUTDOWN_GRACE_SECONDS * 1000).unref();
  await app.close();
  await worker?.stop();
  await queue.stop();
  await dataChanges?.stop();
  await database.close();
  app.log.info('shut down cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
