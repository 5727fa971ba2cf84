// The audit chain (docs/decisions/0039, 0071): each event's SHA-256 over its exported form including the previous
// event's hash (no key: anyone can recompute it), and the one way events enter the table: appended under a per-account transaction lock, so concurrent writers never fork a chain.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { eventHash, GENESIS_PREV_HASH, type ExportedEvent } from './verify-export';

export const ACTOR_KINDS = ['USER', 'CREDENTIAL', 'OPERATOR', 'PARTICIPANT', 'SYSTEM'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];
export type Outcome = 'ALLOWED' | 'REFUSED';

/** An event as the application records it; the chain adds seq, prev_hash and hash. */
export interface AuditEventInput {
  accountId: string;
  occurredAt: Date;
  actorKind: ActorKind;
  actorId: string | null;
  action: string;
  clientToken: string | null;
  resultToken: string | null;
  details: Record<string, unknown>;
  outcome: Outcome;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export type ChainedEvent = AuditEventInput & { seq: number };

/** The event as the export carries it (docs/decisions/0071): what its hash covers, every field but `hash`. */
export function exportedEventOf(e: ChainedEvent, prevHash: string): Omit<ExportedEvent, 'hash'> {
  return {
    type: 'event',
    v: 2,
    accountId: e.accountId,
    seq: e.seq,
    occurredAt: e.occurredAt.toISOString(),
    actorKind: e.actorKind,
    actorId: e.actorId,
    action: e.action,
    clientToken: e.clientToken,
    resultToken: e.resultToken,
    details: e.details,
    outcome: e.outcome,
    requestId: e.requestId,
    ip: e.ip,
    userAgent: e.userAgent,
    prevHash,
  };
}

/**
 * The event as JSON will give it back from the database: no undefined members, no toJSON objects, and strings
 * well-formed (RFC 8785 refuses a lone surrogate, which a caller's user agent or a details value might carry). Hashing
 * exactly what is stored and exported is what lets anyone recompute the hash later.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function wellFormed<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v))) as T;
}

/** hex SHA-256 over the JCS of the exported event: no key, anyone with the export recomputes it. */
export function chainHash(prevHash: string, event: ChainedEvent): string {
  return eventHash(exportedEventOf(event, prevHash));
}

/**
 * Appends one account's events in order, inside the caller's transaction (a write's own, so its event commits or
 * rolls back with it). The transaction-scoped advisory lock on the account serialises every appender of that chain,
 * in this process or another; the unique (account_id, seq) index would refuse a fork even without it.
 */
export async function appendToChain(tx: Tx | Db, accountId: string, events: Omit<AuditEventInput, 'accountId'>[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${accountId}`}, 0))`);
  const [head] = await tx
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.accountId, accountId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  // A head without hash is an event of the keyed chain before migration 0056, not yet carried over (legacy-chain.ts
  // does that at start-up, before anything is appended): appending now would fork the evidence.
  if (head && !head.hash) throw new Error(`audit chain of account ${accountId}: events from before migration 0056 have no hash yet`);
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS_PREV_HASH;
  const rows = events.map((input) => {
    const event: ChainedEvent = { ...wellFormed(input), occurredAt: input.occurredAt, accountId, seq: ++seq };
    const hash = chainHash(prevHash, event);
    const row = { ...event, prevHash, hash };
    prevHash = hash;
    return row;
  });
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) await insertChained(tx, rows.slice(from, from + INSERT_CHUNK));
}

/**
 * Events per INSERT. Once one INSERT of a whole flush passed PostgreSQL's 65,535 bind parameters at about 4,000
 * events, failed and came back larger at every retry (decision 0039, addendum of 2026-11-29); the events now travel
 * as one parameter, and the chunk keeps each statement's size bounded all the same.
 */
const INSERT_CHUNK = 1_000;

/**
 * The events as one jsonb parameter, turned back into rows by PostgreSQL (jsonb_to_recordset). drizzle's INSERT
 * builder turned each of the 15 values of every event into a parameter of its own: building that statement was a
 * tenth of a busy read route's CPU (decision 0026, addendum of 2026-11-29). The column types are the table's.
 */
async function insertChained(tx: Tx | Db, rows: (ChainedEvent & { prevHash: string; hash: string })[]): Promise<void> {
  const records = rows.map((r) => ({
    account_id: r.accountId,
    seq: r.seq,
    occurred_at: r.occurredAt.toISOString(),
    actor_kind: r.actorKind,
    actor_id: r.actorId,
    action: r.action,
    client_token: r.clientToken,
    result_token: r.resultToken,
    details: r.details,
    outcome: r.outcome,
    request_id: r.requestId,
    ip: r.ip,
    user_agent: r.userAgent,
    prev_hash: r.prevHash,
    hash: r.hash,
  }));
  await tx.execute(sql`
    insert into audit_events (account_id, seq, occurred_at, actor_kind, actor_id, action, client_token, result_token, details,
                              outcome, request_id, ip, user_agent, prev_hash, hash)
    select account_id, seq, occurred_at, actor_kind, actor_id, action, client_token, result_token, details,
           outcome, request_id, ip, user_agent, prev_hash, hash
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as e(
      account_id uuid, seq bigint, occurred_at timestamptz, actor_kind text, actor_id text, action text, client_token text,
      result_token text, details jsonb, outcome text, request_id text, ip text, user_agent text, prev_hash text, hash text)
    order by seq`);
}

/** Events grouped by account, in their order (linear: a flush may hold tens of thousands). */
export function byAccountOf(events: AuditEventInput[]): Map<string, AuditEventInput[]> {
  const byAccount = new Map<string, AuditEventInput[]>();
  for (const e of events) {
    const list = byAccount.get(e.accountId);
    if (list) list.push(e);
    else byAccount.set(e.accountId, [e]);
  }
  return byAccount;
}

/** Appends in a transaction of its own (events of reads, and writes whose service does not record them itself). */
export async function appendEvents(db: Db, events: AuditEventInput[]): Promise<void> {
  for (const [accountId, list] of byAccountOf(events)) {
    await db.transaction((tx) => appendToChain(tx, accountId, list));
  }
}
