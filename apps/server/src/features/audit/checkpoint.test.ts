// The signed checkpoint (docs/decisions/0039): a deleted tail of a chain, invisible to the chain alone, is reported
// against the newest checkpoint; a checkpoint file changed after signing is refused.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { appendEvents } from './audit-chain';
import { latestCheckpoint, writeCheckpoint, writeCheckpointIfDue } from './checkpoint';
import { verifyChain } from './verify-chain';

const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUDIT_SIGNING_KEY: signingKey, AUDIT_CHECKPOINT_DIR: mkdtempSync(join(tmpdir(), 'bq-audit-cp-')) });
});
afterAll(() => t.close());

async function chainOf(n: number) {
  const { account } = await createAccount(t.db);
  for (let i = 0; i < n; i++) {
    await appendEvents(t.db, t.config.AUDIT_CHAIN_KEY, [
      { accountId: account.id, occurredAt: new Date(), actorKind: 'SYSTEM', actorId: null, action: 'client.view', clientToken: `c${i}`, resultToken: null, details: {}, outcome: 'ALLOWED', requestId: randomUUID(), ip: null, userAgent: null },
    ]);
  }
  return account.id;
}

const headOf = (accountId: string) => latestCheckpoint(t.config)!.checkpoint.chains.find((c) => c.accountId === accountId);

describe('the signed checkpoint', () => {
  it('reports the tail deleted since the checkpoint, which the chain alone cannot show', async () => {
    const accountId = await chainOf(5);
    expect(await writeCheckpoint(t.db, t.config)).toMatch(/audit-checkpoint-.*\.json$/);
    expect(headOf(accountId)).toMatchObject({ headSeq: 5 });
    expect((await verifyChain(t.db, t.config.AUDIT_CHAIN_KEY, accountId, headOf(accountId))).ok).toBe(true);

    await t.database.executeSql('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await t.database.executeSql('delete from audit_events where account_id = $1 and seq >= 4', [accountId]);
    } finally {
      await t.database.executeSql('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    // The shortened chain is intact in itself...
    expect((await verifyChain(t.db, t.config.AUDIT_CHAIN_KEY, accountId)).ok).toBe(true);
    // ...but not against the checkpoint.
    expect((await verifyChain(t.db, t.config.AUDIT_CHAIN_KEY, accountId, headOf(accountId))).firstBroken).toEqual({ id: null, seq: 4, problem: 'tail_deleted' });
  });

  it('refuses a checkpoint changed after signing, and writes the next one only when a day has passed', async () => {
    const accountId = await chainOf(2);
    const file = (await writeCheckpoint(t.db, t.config, new Date(Date.now() + 1000)))!;
    expect(await writeCheckpointIfDue(t.db, t.config)).toBeNull();
    expect(await writeCheckpointIfDue(t.db, t.config, new Date(Date.now() + 25 * 3600_000))).toMatch(/\.json$/);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    saved.checkpoint.chains = saved.checkpoint.chains.filter((c: { accountId: string }) => c.accountId !== accountId);
    writeFileSync(join(t.config.AUDIT_CHECKPOINT_DIR, 'audit-checkpoint-9999.json'), JSON.stringify(saved));
    expect(() => latestCheckpoint(t.config)).toThrow(/signature does not verify/);
  });
});
