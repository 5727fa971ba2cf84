// `npm run db:migrate`: applies migrations to DATABASE_URL (or the embedded DATA_DIR) and exits.
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateDatabase(database);
await database.close();
console.log('migrations applied');
