// `npm run audit:checkpoint`: writes a signed checkpoint of every audit chain's head that grew since its last one now
// (the worker does so once a day); `npm run audit:checkpoint -- --new-key` prints a fresh Ed25519 private key for
// AUDIT_SIGNING_KEY, and `-- --public-key` the public half of the configured one (for AUDIT_SIGNING_KEYS_RETIRED
// once it is rotated out).
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { auditSigningKey, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { writeCheckpoints } from './checkpoint';

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
if (process.argv.includes('--public-key')) {
  console.log(createPublicKey(auditSigningKey(config.AUDIT_SIGNING_KEY)).export({ type: 'spki', format: 'der' }).toString('base64'));
  process.exit(0);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  const written = await writeCheckpoints(database.db, config);
  console.log(`${written.length} checkpoints written to the database and ${config.AUDIT_CHECKPOINT_DIR}`);
} finally {
  await database.close();
}
