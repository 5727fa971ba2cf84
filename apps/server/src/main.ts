// Process entry: read config, open and migrate the database, seed, then serve the API (and the web app)
// and/or run the background worker, depending on ROLE.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { buildApp } from './app';
import { paths } from './paths';
import { seedTranslations } from './features/translations/seed-translations';
import { seedDemo } from './features/demo/seed-demo';
import { seedDemoMarketHistory } from './features/market-history/market-history-service';
import { startWorker } from './jobs/worker';
import { openJobQueue } from './jobs/queue';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// Errors before the app's logger exists go to stderr; after that to the log (see logs below).
const logs: { error?: (err: Error) => void; dbError?: (err: Error) => void } = {};
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DB_POOL_SIZE,
  onIdleConnectionError: (err) => (logs.dbError ? logs.dbError(err) : console.warn(`database connection error: ${err.message}`)),
});
await migrateDatabase(database);
await seedTranslations(database.db, paths.translationsData);
if (config.demoData) {
  await seedDemo(database.db);
  await seedDemoMarketHistory(database.db, config.MARKET_HISTORY_CSV ?? paths.demoMarketHistory);
}

// The queue starts before the app (the app enqueues through it); its errors go to the app's log once it exists.
const queue = await openJobQueue(database, { onError: (err) => logs.error?.(err) });
const app = await buildApp({ db: database.db, config, queue });
logs.error = (err) => app.log.error({ err }, 'job queue error');
logs.dbError = (err) => app.log.warn({ err }, 'an idle database connection failed and was discarded');
const worker = config.ROLE === 'api' ? null : await startWorker(database.db, config, app.log, queue);

if (config.ROLE !== 'worker') {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `BQ platform ready on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} ` +
      `(${database.kind}${config.embedded ? `, data in ${config.DATA_DIR}` : ''}${config.demoData ? ', demo data' : ''})`,
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  worker?.stop();
  await app.close();
  await queue.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
