// `npm run audit:verify [-- <accountId>]`: recomputes every account's audit chain (or one) with AUDIT_CHAIN_KEY and
// names the first broken event of each; exit code 1 when any chain is broken. On the embedded database stop the
// server first: two processes must never open one PGlite folder.
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { chainAccounts, verifyChain } from './verify-chain';

const [only] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  const accounts = only ? [only] : await chainAccounts(database.db);
  let broken = 0;
  for (const accountId of accounts) {
    const report = await verifyChain(database.db, config.AUDIT_CHAIN_KEY, accountId);
    if (report.ok) {
      console.log(`ok      account ${accountId}: ${report.events} events, head seq ${report.headSeq} ${report.headHmac.slice(0, 16)}`);
    } else {
      broken++;
      const b = report.firstBroken!;
      console.log(`BROKEN  account ${accountId}: first broken event id ${b.id} (seq ${b.seq}): ${b.problem}; ${report.events - 1} events before it verify`);
    }
  }
  if (accounts.length === 0) console.log('no audit events yet');
  if (broken > 0) process.exitCode = 1;
} finally {
  await database.close();
}
