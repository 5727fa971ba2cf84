// `npm run audit:verify [-- <accountId>]`: recomputes every account's audit chain (or one) with AUDIT_CHAIN_KEY and
// names the first broken event of each; exit code 1 when any chain is broken. On the embedded database stop the
// server first: two processes must never open one PGlite folder.
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { chainAccounts, verifyChain } from './verify-chain';
import { latestCheckpoint } from './checkpoint';

const [only] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  // Against the newest signed checkpoint, so a deleted tail shows too; its accounts are checked even if now empty.
  const latest = latestCheckpoint(config);
  if (latest) console.log(`checkpoint ${latest.file} (${latest.checkpoint.createdAt}), signature verified`);
  else console.log('no signed checkpoint yet: a deleted tail (the newest events) cannot be detected');
  const known = [...new Set([...(await chainAccounts(database.db)), ...(latest?.checkpoint.chains.map((c) => c.accountId) ?? [])])];
  const accounts = only ? [only] : known;
  let broken = 0;
  for (const accountId of accounts) {
    const head = latest?.checkpoint.chains.find((c) => c.accountId === accountId);
    const report = await verifyChain(database.db, config.AUDIT_CHAIN_KEY, accountId, head);
    if (report.ok) {
      console.log(`ok      account ${accountId}: ${report.events} events, head seq ${report.headSeq} ${report.headHmac.slice(0, 16)}`);
    } else {
      broken++;
      const b = report.firstBroken!;
      console.log(`BROKEN  account ${accountId}: first broken event ${b.id === null ? '(deleted)' : `id ${b.id}`} (seq ${b.seq}): ${b.problem}; ${report.events - 1} events before it verify`);
    }
  }
  if (accounts.length === 0) console.log('no audit events yet');
  if (broken > 0) process.exitCode = 1;
} finally {
  await database.close();
}
