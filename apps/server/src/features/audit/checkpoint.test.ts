// Signed checkpoints (docs/decisions/0071): one per account whose chain grew, Ed25519 over the JCS of the checkpoint
// without its signature, kept in the database, as a file in the shared folder and in a mail to the compliance
// address; the next only when the interval has passed; a deleted tail shows against them.
import { createPublicKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, auditCheckpoints, mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { auditSigningKey } from '../../config';
import { appendEvents } from './audit-chain';
import { checkpointsOf, writeCheckpointIfDue, writeCheckpoints } from './checkpoint';
import { verifyChain } from './verify-chain';
import { checkpointPayload, keyIdOf } from './verify-export';

const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUDIT_SIGNING_KEY: signingKey, AUDIT_CHECKPOINT_DIR: mkdtempSync(join(tmpdir(), 'bq-audit-cp-')) });
});
afterAll(() => t.close());

async function chainOf(n: number) {
  const { account } = await createAccount(t.db);
  for (let i = 0; i < n; i++) {
    await appendEvents(t.db, [
      { accountId: account.id, occurredAt: new Date(), actorKind: 'SYSTEM', actorId: null, action: 'client.view', clientToken: `c${i}`, resultToken: null, details: {}, outcome: 'ALLOWED', requestId: randomUUID(), ip: null, userAgent: null },
    ]);
  }
  return account.id;
}

const publicKey = () => createPublicKey(auditSigningKey(signingKey));

describe('signed checkpoints', () => {
  it("sign each account's head, stored in the database and as a file, and show a tail deleted since", async () => {
    const accountId = await chainOf(5);
    const written = (await writeCheckpoints(t.db, t.config)).filter((c) => c.accountId === accountId);
    expect(written).toHaveLength(1);
    const [checkpoint] = written;
    expect(checkpoint).toMatchObject({ type: 'checkpoint', v: 1, accountId, seq: 5, keyId: keyIdOf(publicKey()) });
    expect(verify(null, checkpointPayload(checkpoint!), publicKey(), Buffer.from(checkpoint!.signature, 'base64'))).toBe(true);
    const rows = await t.db.select().from(auditCheckpoints).where(eq(auditCheckpoints.accountId, accountId));
    expect(rows).toMatchObject([{ seq: 5, headHash: checkpoint!.headHash, signature: checkpoint!.signature }]);
    const files = readdirSync(join(t.config.AUDIT_CHECKPOINT_DIR, accountId));
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(t.config.AUDIT_CHECKPOINT_DIR, accountId, files[0]!), 'utf8'))).toEqual(checkpoint);
    // Nothing new in the chain: no second checkpoint of the same head.
    expect((await writeCheckpoints(t.db, t.config)).filter((c) => c.accountId === accountId)).toEqual([]);

    const head = { headSeq: checkpoint!.seq, headHash: checkpoint!.headHash };
    expect((await verifyChain(t.db, accountId, head)).ok).toBe(true);
    await t.database.executeSql('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await t.database.executeSql('delete from audit_events where account_id = $1 and seq >= 4', [accountId]);
    } finally {
      await t.database.executeSql('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    // The chain alone still verifies (a shorter chain is a valid chain)...
    expect((await verifyChain(t.db, accountId)).ok).toBe(true);
    // ...the checkpoint shows the loss.
    expect((await verifyChain(t.db, accountId, head)).firstBroken).toEqual({ id: null, seq: 4, problem: 'tail_deleted' });
  });

  it('keep the file copy when the database row is deleted, and write the next only when a day has passed', async () => {
    const accountId = await chainOf(2);
    const now = Date.now() + 1000;
    await writeCheckpoints(t.db, t.config, new Date(now));
    await t.database.executeSql('delete from audit_checkpoints where account_id = $1', [accountId]);
    expect(await checkpointsOf(t.db, t.config, accountId)).toMatchObject([{ accountId, seq: 2 }]);
    await appendEvents(t.db, [
      { accountId, occurredAt: new Date(), actorKind: 'SYSTEM', actorId: null, action: 'client.view', clientToken: null, resultToken: null, details: {}, outcome: 'ALLOWED', requestId: null, ip: null, userAgent: null },
    ]);
    expect(await writeCheckpointIfDue(t.db, t.config, new Date(now + 3600_000))).toEqual([]);
    const due = await writeCheckpointIfDue(t.db, t.config, new Date(now + 25 * 3600_000));
    expect(due.find((c) => c.accountId === accountId)).toMatchObject({ seq: 3 });
    expect((await checkpointsOf(t.db, t.config, accountId)).map((c) => c.seq)).toEqual([2, 3]);
  });

  it("mails each account with a compliance address its own checkpoint line, and no other account's", async () => {
    const accountId = await chainOf(3);
    const silent = await chainOf(2);
    // The admin sets the address over the API (bad input refused first); the other account has none.
    const { email, password } = await createUser(t.db, accountId);
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    expect((await http.request('GET', '/api/audit/settings')).json()).toEqual({ complianceEmail: null });
    expect((await http.request('PUT', '/api/audit/settings', { complianceEmail: 'not-an-address' })).statusCode).toBe(400);
    expect((await http.request('PUT', '/api/audit/settings', { complianceEmail: 'x@example.com', extra: 1 })).statusCode).toBe(400);
    const saved = await http.request('PUT', '/api/audit/settings', { complianceEmail: 'compliance@bank.example' });
    expect(saved.json()).toEqual({ complianceEmail: 'compliance@bank.example' });
    expect(await new TestClient(t.app).request('GET', '/api/audit/settings').then((r) => r.statusCode)).toBe(401);

    await t.app.audit.flush();
    const head = Number(((await t.database.executeSql('select max(seq)::int as n from audit_events where account_id = $1', [accountId])).rows[0] as { n: number }).n);
    await writeCheckpoints(t.db, t.config, new Date(Date.now() + 2 * 25 * 3600_000), t.queue);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'AUDIT_CHECKPOINT'));
    expect(mails.filter((m) => m.accountId === silent)).toEqual([]);
    const mail = mails.find((m) => m.accountId === accountId)!;
    expect(mail.toAddress).toBe('compliance@bank.example');
    // The mail carries the checkpoint line itself; its signature verifies with the published key.
    const line = JSON.parse(/\n(\{"type":"checkpoint".*\})\n/.exec(mail.textBody)![1]!.replace(/\[\.\]/g, '.'));
    expect(line).toMatchObject({ type: 'checkpoint', accountId, seq: head, keyId: keyIdOf(publicKey()) });
    expect(verify(null, checkpointPayload(line), publicKey(), Buffer.from(line.signature, 'base64'))).toBe(true);
    expect(mail.textBody).toContain('/api/audit/keys');
    // Clearing the address stops the mails.
    expect((await http.request('PUT', '/api/audit/settings', { complianceEmail: null })).json()).toEqual({ complianceEmail: null });
    const [row] = await t.db.select({ email: accounts.auditComplianceEmail }).from(accounts).where(eq(accounts.id, accountId));
    expect(row!.email).toBeNull();
  });
});
