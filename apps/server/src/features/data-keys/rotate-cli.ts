// `npm run keys:rotate`: re-encrypts every stored secret with the current DATA_ENCRYPTION_KEY and reports counts per
// column; `npm run keys:rotate -- --check` only counts what still needs an older key (exit code 1 while any encrypted
// value does), so the operator knows when a key can leave DATA_ENCRYPTION_KEYS_PREVIOUS. Steps: README, "Rotating the
// data encryption key"; docs/decisions/0079. Safe while the server runs on PostgreSQL; on the embedded database stop
// the server first (two processes must never open one PGlite folder).
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { keyId } from '../../plugins/data-encryption';
import { rotateDataKeys } from './rotate-data-keys';

const check = process.argv.includes('--check');
const config = loadConfig();
const keys = config.dataEncryptionKeys;
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  console.log(`current key ${keyId(keys.current)}; previous keys: ${keys.previous.map(keyId).join(', ') || 'none'}`);
  const report = await rotateDataKeys(database.db, keys, { check });
  for (const c of report.columns) {
    const byKey = Object.entries(c.byKey).map(([id, n]) => `${id === report.currentKeyId ? `${id} (current)` : id}: ${n}`).join(', ') || 'no values';
    console.log(`${c.name}: ${c.total} values (${byKey})${check ? '' : `; re-encrypted ${c.reencrypted}`}`);
    for (const f of c.failed) console.log(`  FAILED ${f.id}: ${f.error}`);
  }
  for (const [id, r] of Object.entries(report.recoveryCodesUnderOldKeys)) {
    console.log(
      `user_recovery_codes: ${r.codes} unused codes of ${r.users} users made with key ${id}: a hash cannot be re-made without the code; ` +
        'they work while that key is listed and end when it is removed (the users keep their authenticator and can make new codes)',
    );
  }
  console.log('audit identity digests (hmac-<keyId>:) made with a removed key can no longer be confirmed; the audit chain is unaffected');
  if (report.remaining > 0) {
    console.log(check ? `${report.remaining} encrypted values still use an older key: run npm run keys:rotate` : `${report.remaining} encrypted values could not be re-encrypted (above)`);
    process.exitCode = 1;
  } else {
    console.log(`every encrypted value uses the current key${Object.keys(report.recoveryCodesUnderOldKeys).length ? ' (recovery codes: see above)' : ''}`);
  }
} finally {
  await database.close();
}
