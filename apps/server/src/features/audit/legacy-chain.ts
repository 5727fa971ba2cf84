// Carrying a trail recorded before migration 0056 over to the hash chain anyone can verify (docs/decisions/0071).
// Those events were chained with an HMAC under AUDIT_CHAIN_KEY (0039). At start-up, for each account with such events:
// the old chain is checked with the old key if it is still configured, every old event gets its prev_hash and hash in
// seq order (the one UPDATE the append-only trigger allows), and one SYSTEM event records the transition and what
// the old check found. From there on the chain continues unbroken, and an export verifies from seq 1.
import { createHmac } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { appendToChain, chainHash, type ActorKind, type ChainedEvent, type Outcome } from './audit-chain';
import { GENESIS_PREV_HASH } from './verify-export';

export const CHAIN_UPGRADED = 'audit.chain_upgraded';

/** The canonical JSON of decision 0039 (keys sorted at every depth), kept only to check the old HMACs. */
function legacyCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => legacyCanonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${legacyCanonicalJson(v)}`).join(',')}}`;
}

/** HMAC-SHA256(key, previous hmac + canonical event) as decision 0039 defined it. */
export function legacyChainHmac(key: string, prevHmac: string, e: ChainedEvent): string {
  const { accountId, seq, actorKind, actorId, action, clientToken, resultToken, details, outcome, requestId, ip, userAgent } = e;
  const content = { v: 1, accountId, seq, occurredAt: e.occurredAt.toISOString(), actorKind, actorId, action, clientToken, resultToken, details, outcome, requestId, ip, userAgent };
  return createHmac('sha256', key).update(prevHmac).update(legacyCanonicalJson(content)).digest('hex');
}

/**
 * Carries one account's old events over, under the chain's lock. Returns how many, and whether their HMAC chain
 * verified (null: no old key configured to check it with).
 */
async function carryOverAccount(db: Db, accountId: string, legacyKey: string | undefined): Promise<{ events: number; hmacChainVerified: boolean | null } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${accountId}`}, 0))`);
    const rows = await tx.select().from(auditEvents).where(eq(auditEvents.accountId, accountId)).orderBy(asc(auditEvents.seq));
    if (!rows.some((r) => r.hash === null)) return null;
    let prevHash = GENESIS_PREV_HASH;
    let prevHmac = '';
    let verified: boolean | null = legacyKey ? true : null;
    let expectedSeq = 1;
    let events = 0;
    for (const row of rows) {
      const event: ChainedEvent = { ...row, actorKind: row.actorKind as ActorKind, outcome: row.outcome as Outcome };
      if (row.hash !== null) {
        prevHash = row.hash;
      } else {
        if (legacyKey && verified && (row.seq !== expectedSeq || row.prevHmac !== prevHmac || legacyChainHmac(legacyKey, prevHmac, event) !== row.hmac)) verified = false;
        const hash = chainHash(prevHash, event);
        await tx.update(auditEvents).set({ prevHash, hash }).where(and(eq(auditEvents.id, row.id), isNull(auditEvents.hash)));
        prevHash = hash;
        events++;
      }
      prevHmac = row.hmac ?? '';
      expectedSeq = row.seq + 1;
    }
    await appendToChain(tx, accountId, [
      {
        occurredAt: new Date(),
        actorKind: 'SYSTEM',
        actorId: null,
        action: CHAIN_UPGRADED,
        clientToken: null,
        resultToken: null,
        details: { events, hmacChainVerified: verified },
        outcome: 'ALLOWED',
        requestId: null,
        ip: null,
        userAgent: null,
      },
    ]);
    return { events, hmacChainVerified: verified };
  });
}

/** Every account with events not yet carried over (start-up, once; a fresh database has none). */
export async function carryOverLegacyChains(db: Db, legacyKey: string | undefined, log?: (message: string) => void): Promise<void> {
  const accounts = await db.selectDistinct({ accountId: auditEvents.accountId }).from(auditEvents).where(isNull(auditEvents.hash));
  for (const { accountId } of accounts) {
    const result = await carryOverAccount(db, accountId, legacyKey);
    if (result) log?.(`audit chain of account ${accountId}: ${result.events} events carried over to the hash chain; old HMAC chain verified: ${result.hmacChainVerified ?? 'not checked (AUDIT_CHAIN_KEY unset)'}`);
  }
}
