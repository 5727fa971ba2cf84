// `npm run audit:verify-db [-- <accountId>]`: the operator's check, straight on the database: recomputes every
// account's audit chain (or one) and names the first broken event of each, against the account's newest checkpoint
// whose signature verifies (so a deleted tail shows too); exit code 1 when any chain is broken. Anyone else verifies
// an export with `npm run audit:verify` (verify-export-cli.ts). Like a start-up, it first carries a trail from before
// decision 0071 over to the hash chain (legacy-chain.ts). On the embedded database stop the server first: two
// processes must never open one PGlite folder.
import { createPublicKey, verify } from 'node:crypto';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { publishedKeys } from './audit-keys';
import { checkpointsOf } from './checkpoint';
import { carryOverLegacyChains } from './legacy-chain';
import { chainAccounts, verifyChain } from './verify-chain';
import { checkpointPayload } from './verify-export';

const [only] = process.argv.slice(2);
const config = loadConfig();
const keys = new Map(publishedKeys(config).keys.map((k) => [k.keyId, createPublicKey(k.publicKey)]));
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  await carryOverLegacyChains(database.db, config.AUDIT_CHAIN_KEY, (m) => console.log(m));
  const accounts = only ? [only] : await chainAccounts(database.db);
  let broken = 0;
  for (const accountId of accounts) {
    const signed = (await checkpointsOf(database.db, config, accountId)).filter((c) => {
      const key = keys.get(c.keyId);
      return key !== undefined && verify(null, checkpointPayload(c), key, Buffer.from(c.signature, 'base64'));
    });
    const newest = signed.at(-1);
    const report = await verifyChain(database.db, accountId, newest && { headSeq: newest.seq, headHash: newest.headHash });
    const against = newest ? `checkpoint at seq ${newest.seq} (${newest.createdAt})` : 'no signed checkpoint';
    if (report.ok) {
      console.log(`ok      account ${accountId}: ${report.events} events, head seq ${report.headSeq} ${report.headHash.slice(0, 16)}, ${against}`);
    } else {
      broken++;
      const b = report.firstBroken!;
      console.log(`BROKEN  account ${accountId}: first broken event ${b.id === null ? '(deleted)' : `id ${b.id}`} (seq ${b.seq}): ${b.problem}; ${report.events - 1} events before it verify; ${against}`);
    }
  }
  if (accounts.length === 0) console.log('no audit events yet');
  if (broken > 0) process.exitCode = 1;
} finally {
  await database.close();
}
