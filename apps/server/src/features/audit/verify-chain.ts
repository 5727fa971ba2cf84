// Recomputes an account's audit chain in the database (docs/decisions/0039, 0071; npm run audit:verify-db) and names
// the first event where it breaks: a changed event (its hash no longer matches), an inserted or deleted one (seq gap,
// or a prev_hash that is not the previous event's hash). Reads the chain in pages so a long trail needs little memory.
// Anyone else checks an export instead (verify-export.ts), with the same hash.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { chainHash, type ActorKind, type Outcome } from './audit-chain';
import { GENESIS_PREV_HASH } from './verify-export';

export type ChainProblem = 'changed' | 'missing_before' | 'not_linked' | 'seq_out_of_order' | 'tail_deleted' | 'checkpoint_mismatch';

export interface ChainReport {
  accountId: string;
  events: number;
  ok: boolean;
  headSeq: number;
  headHash: string;
  /** id null: the event is gone (a tail deleted since the checkpoint). */
  firstBroken: { id: number | null; seq: number; problem: ChainProblem } | null;
}

const PAGE = 2000;

/**
 * `checkpoint`: the account's head in the newest signed checkpoint (checkpoint.ts); the chain must still reach it and
 * hold the same hash there, else its tail was deleted (or the chain rebuilt) since.
 */
export async function verifyChain(db: Db, accountId: string, checkpoint?: { headSeq: number; headHash: string }): Promise<ChainReport> {
  let atCheckpoint: { id: number; hash: string } | null = null;
  let expectedSeq = 1;
  let prevHash = GENESIS_PREV_HASH;
  let events = 0;
  let lastSeq = 0;
  while (true) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), gt(auditEvents.seq, lastSeq)))
      .orderBy(asc(auditEvents.seq))
      .limit(PAGE);
    for (const row of page) {
      events++;
      const event = { ...row, actorKind: row.actorKind as ActorKind, outcome: row.outcome as Outcome };
      const broken = (problem: ChainProblem): ChainReport => ({
        accountId,
        events,
        ok: false,
        headSeq: lastSeq,
        headHash: prevHash,
        firstBroken: { id: row.id, seq: row.seq, problem },
      });
      // A deleted event leaves a gap; an inserted one either takes a free seq (its HMAC cannot be right without the
      // hash cannot match a link the next event already names) or pushes the numbering.
      if (row.seq !== expectedSeq) return broken(row.seq > expectedSeq ? 'missing_before' : 'seq_out_of_order');
      if (row.prevHash !== prevHash) return broken('not_linked');
      if (row.hash === null || chainHash(prevHash, event) !== row.hash) return broken('changed');
      if (checkpoint && row.seq === checkpoint.headSeq) atCheckpoint = { id: row.id, hash: row.hash };
      prevHash = row.hash;
      lastSeq = row.seq;
      expectedSeq++;
    }
    if (page.length < PAGE) break;
  }
  if (checkpoint && checkpoint.headSeq > lastSeq) {
    return { accountId, events, ok: false, headSeq: lastSeq, headHash: prevHash, firstBroken: { id: null, seq: lastSeq + 1, problem: 'tail_deleted' } };
  }
  if (checkpoint && atCheckpoint && atCheckpoint.hash !== checkpoint.headHash) {
    return { accountId, events, ok: false, headSeq: lastSeq, headHash: prevHash, firstBroken: { id: atCheckpoint.id, seq: checkpoint.headSeq, problem: 'checkpoint_mismatch' } };
  }
  return { accountId, events, ok: true, headSeq: lastSeq, headHash: prevHash, firstBroken: null };
}

/** Every account that has a chain (the CLI verifies them all). */
export async function chainAccounts(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ accountId: auditEvents.accountId }).from(auditEvents).orderBy(sql`1`);
  return rows.map((r) => r.accountId);
}
