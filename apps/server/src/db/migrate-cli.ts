// `npm run db:migrate`: applies migrations to DATABASE_URL (or the embedded DATA_DIR) and exits.
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { withStartupLock } from './startup-lock';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
// The same lock as a starting process's (db/startup-lock.ts): an API that starts meanwhile waits for the migrations.
await withStartupLock(config.DATABASE_URL, () => migrateDatabase(database));
await database.close();
console.log('migrations applied');
