// The transition of a trail recorded before migration 0056 (docs/decisions/0071): its old HMAC chain is checked with
// the old key, every old event gets its hash in order, one SYSTEM event records it, and the whole trail then
// verifies from seq 1 like any other; identity digests are keyed per account.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { appendEvents, type ChainedEvent } from './audit-chain';
import { changedFieldForTrail } from './audit-note';
import { chainLines } from './export-events';
import { carryOverLegacyChains, CHAIN_UPGRADED, legacyChainHmac } from './legacy-chain';
import { newestAuditEventId } from './list-events';
import { verifyChain } from './verify-chain';
import { verifyExportLines } from './verify-export';

const OLD_KEY = 'the-old-audit-chain-key-of-32-characters';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An account whose trail was written by the old code: n events, HMAC-chained, without hashes. */
async function oldTrail(n: number, tamperSeq?: number): Promise<string> {
  const { account } = await createAccount(t.db);
  let prevHmac = '';
  for (let seq = 1; seq <= n; seq++) {
    const e: ChainedEvent = {
      accountId: account.id, seq, occurredAt: new Date(Date.UTC(2026, 10, seq)), actorKind: 'USER', actorId: randomUUID(), action: 'client.view',
      clientToken: `c${seq}`, resultToken: null, details: { seq }, outcome: 'ALLOWED', requestId: null, ip: '10.0.0.1', userAgent: 'old',
    };
    const hmac = legacyChainHmac(OLD_KEY, prevHmac, e);
    await t.database.executeSql(
      `insert into audit_events (account_id, seq, occurred_at, actor_kind, actor_id, action, client_token, details, outcome, ip, user_agent, prev_hmac, hmac)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13)`,
      [account.id, seq, e.occurredAt.toISOString(), e.actorKind, e.actorId, e.action, seq === tamperSeq ? 'changed' : e.clientToken, JSON.stringify(e.details), e.outcome, e.ip, e.userAgent, prevHmac, hmac],
    );
    prevHmac = hmac;
  }
  return account.id;
}

async function exportOf(accountId: string) {
  const lines: string[] = [];
  for await (const chunk of chainLines(t.db, t.config, accountId, {}, await newestAuditEventId(t.db, accountId))) lines.push(...chunk.split('\n'));
  return verifyExportLines(lines, { keys: [] });
}

describe('the transition from the keyed chain', () => {
  it('carries an old trail over: hashes in order, one event recording that the old chain verified, then appends continue', async () => {
    const accountId = await oldTrail(4);
    // Nothing can be appended to a chain whose head has no hash yet.
    const next = { accountId, occurredAt: new Date(), actorKind: 'SYSTEM' as const, actorId: null, action: 'client.view', clientToken: null, resultToken: null, details: {}, outcome: 'ALLOWED' as const, requestId: null, ip: null, userAgent: null };
    await expect(appendEvents(t.db, [next])).rejects.toThrow(/before migration 0056/);

    await carryOverLegacyChains(t.db, OLD_KEY);
    await carryOverLegacyChains(t.db, OLD_KEY); // once only
    const { rows } = await t.database.executeSql('select seq::int as seq, action, details from audit_events where account_id = $1 order by seq', [accountId]);
    expect(rows).toHaveLength(5);
    expect(rows[4]).toEqual({ seq: 5, action: CHAIN_UPGRADED, details: { events: 4, hmacChainVerified: true } });
    await appendEvents(t.db, [next]);
    expect((await verifyChain(t.db, accountId)).ok).toBe(true);
    expect(await exportOf(accountId)).toMatchObject({ ok: true, events: 6, headSeq: 6 });
    // The hashes are written once: the trigger refuses changing them again.
    await expect(t.database.executeSql(`update audit_events set hash = 'x' where account_id = $1 and seq = 1`, [accountId])).rejects.toThrow(/append-only/);
  });

  it('records that the old chain did not verify (or could not be checked without the old key)', async () => {
    const tampered = await oldTrail(3, 2);
    const unchecked = await oldTrail(2);
    await carryOverLegacyChains(t.db, undefined);
    const last = async (accountId: string) =>
      (await t.database.executeSql('select details from audit_events where account_id = $1 and action = $2', [accountId, CHAIN_UPGRADED])).rows[0];
    expect(await last(tampered)).toEqual({ details: { events: 3, hmacChainVerified: null } });
    expect(await last(unchecked)).toEqual({ details: { events: 2, hmacChainVerified: null } });
    const checked = await oldTrail(3, 2);
    await carryOverLegacyChains(t.db, OLD_KEY);
    expect(await last(checked)).toEqual({ details: { events: 3, hmacChainVerified: false } });
  });

  it('keys identity digests per account: the same old value gives different digests in two accounts', () => {
    const master = t.config.dataEncryptionKey;
    const change = { field: 'email', old: 'anna@example.com', new: 'anna@new.example' };
    const a = changedFieldForTrail(master, randomUUID(), change);
    const b = changedFieldForTrail(master, randomUUID(), change);
    expect(a.old).toMatch(/^hmac-[0-9a-f]{8}:[0-9a-f]{32}$/);
    expect(a.old).not.toBe(b.old);
    expect(changedFieldForTrail(master, 'same', change)).toEqual(changedFieldForTrail(master, 'same', change));
  });
});
