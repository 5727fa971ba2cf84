// The signed checkpoint (docs/decisions/0039): a deleted tail of a chain, invisible to the chain alone, is reported
// against the newest checkpoint; a checkpoint file changed after signing is refused.
import { createPublicKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { auditSigningKey } from '../../config';
import { appendEvents, canonicalJson } from './audit-chain';
import { keyFingerprint } from './checkpoint-mail';
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

  it("mails each account with a compliance address its own head, signed, and no other account's", async () => {
    const accountId = await chainOf(3);
    const silent = await chainOf(2);
    // The admin sets the address over the API (bad input refused first); the other account has none.
    const { email, password } = await createUser(t.db, accountId);
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    expect((await http.request('GET', '/api/audit/settings')).json()).toEqual({ complianceEmail: null });
    const bad = await http.request('PUT', '/api/audit/settings', { complianceEmail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect((await http.request('PUT', '/api/audit/settings', { complianceEmail: 'x@example.com', extra: 1 })).statusCode).toBe(400);
    const saved = await http.request('PUT', '/api/audit/settings', { complianceEmail: 'compliance@bank.example' });
    expect(saved.json()).toEqual({ complianceEmail: 'compliance@bank.example' });
    expect(await new TestClient(t.app).request('GET', '/api/audit/settings').then((r) => r.statusCode)).toBe(401);

    // The chain has grown by the admin's own sign-in and change since: the head is whatever is last now.
    await t.app.audit.flush();
    const head = Number(((await t.database.executeSql('select max(seq)::int as n from audit_events where account_id = $1', [accountId])).rows[0] as { n: number }).n);
    expect(head).toBeGreaterThan(3);
    await writeCheckpoint(t.db, t.config, new Date(Date.now() + 2 * 25 * 3600_000), t.queue);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'AUDIT_CHECKPOINT'));
    expect(mails.filter((m) => m.accountId === silent)).toEqual([]);
    const mail = mails.find((m) => m.accountId === accountId)!;
    expect(mail.toAddress).toBe('compliance@bank.example');
    // The statement in the mail is this account's head, and its signature verifies with the signing key's public half.
    const statement = JSON.parse(/Signed statement: (\{.*\})/.exec(mail.textBody)![1]!.replace(/\[\.\]/g, '.'));
    expect(statement).toMatchObject({ v: 1, accountId, headSeq: head });
    const signature = /Signature \(Ed25519\): (\S+)/.exec(mail.textBody)![1]!;
    const key = auditSigningKey(t.config.AUDIT_SIGNING_KEY!);
    expect(verify(null, Buffer.from(canonicalJson(statement)), createPublicKey(key), Buffer.from(signature, 'base64'))).toBe(true);
    expect(mail.textBody).toContain(keyFingerprint(key));
    // Clearing the address stops the mails.
    expect((await http.request('PUT', '/api/audit/settings', { complianceEmail: null })).json()).toEqual({ complianceEmail: null });
    const [row] = await t.db.select({ email: accounts.auditComplianceEmail }).from(accounts).where(eq(accounts.id, accountId));
    expect(row!.email).toBeNull();
  });
});
