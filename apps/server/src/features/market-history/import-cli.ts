// `npm run market:import -- <file.csv>`: imports a Shiller-format monthly CSV into DATABASE_URL (or the embedded
// DATA_DIR; stop the server first, since two processes must never open one PGlite folder) and exits.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { AppError } from '../../app-error';
import { importMarketHistory } from './market-history-service';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run market:import -- <file.csv>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  const status = await importMarketHistory(database.db, readFileSync(file, 'utf8'), basename(file), null);
  console.log(
    `imported ${status.rowCount} months (${status.firstDate} to ${status.lastDate}); windows use data up to ${status.lastCompleteDate}`,
  );
} catch (err) {
  console.error(err instanceof AppError ? `not imported: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
