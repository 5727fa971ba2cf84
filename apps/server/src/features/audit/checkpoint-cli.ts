// `npm run audit:checkpoint`: writes a signed checkpoint of every audit chain's head now (the worker writes one a
// day); `npm run audit:checkpoint -- --new-key` prints a fresh Ed25519 private key for AUDIT_SIGNING_KEY.
import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { writeCheckpoint } from './checkpoint';

if (process.argv.includes('--new-key')) {
  const { privateKey } = generateKeyPairSync('ed25519');
  console.log(privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'));
  process.exit(0);
}
const config = loadConfig();
if (!config.AUDIT_SIGNING_KEY) {
  console.error('AUDIT_SIGNING_KEY is not set (npm run audit:checkpoint -- --new-key prints one)');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  console.log(`written: ${await writeCheckpoint(database.db, config)}`);
} finally {
  await database.close();
}
