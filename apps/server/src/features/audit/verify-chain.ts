// Recomputes an account's audit chain (docs/decisions/0039) and names the first event where it breaks: a changed
// event (its HMAC no longer matches), an inserted or deleted one (seq gap, or a prev_hmac that is not the previous
// event's HMAC). Reads the chain in pages so a long trail needs little memory.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { chainHmac, type ActorKind, type Outcome } from './audit-chain';

export type ChainProblem = 'changed' | 'missing_before' | 'not_linked' | 'seq_out_of_order' | 'tail_deleted' | 'checkpoint_mismatch';

export interface ChainReport {
  accountId: string;
  events: number;
  ok: boolean;
  headSeq: number;
  headHmac: string;
  /** id null: the event is gone (a tail deleted since the checkpoint). */
  firstBroken: { id: number | null; seq: number; problem: ChainProblem } | null;
}

const PAGE = 2000;

/**
 * `checkpoint`: the account's head in the newest signed checkpoint (checkpoint.ts); the chain must still reach it and
 * hold the same HMAC there, else its tail was deleted (or the chain rebuilt with the key) since.
 */
export async function verifyChain(db: Db, key: string, accountId: string, checkpoint?: { headSeq: number; headHmac: string }): Promise<ChainReport> {
  let atCheckpoint: { id: number; hmac: string } | null = null;
  let expectedSeq = 1;
  let prevHmac = '';
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
        headHmac: prevHmac,
        firstBroken: { id: row.id, seq: row.seq, problem },
      });
      // A deleted event leaves a gap; an inserted one either takes a free seq (its HMAC cannot be right without the
      // key) or pushes the numbering (the next event's prev_hmac no longer names its predecessor).
      if (row.seq !== expectedSeq) return broken(row.seq > expectedSeq ? 'missing_before' : 'seq_out_of_order');
      if (row.prevHmac !== prevHmac) return broken('not_linked');
      if (chainHmac(key, prevHmac, event) !== row.hmac) return broken('changed');
      if (checkpoint && row.seq === checkpoint.headSeq) atCheckpoint = { id: row.id, hmac: row.hmac };
      prevHmac = row.hmac;
      lastSeq = row.seq;
      expectedSeq++;
    }
    if (page.length < PAGE) break;
  }
  if (checkpoint && checkpoint.headSeq > lastSeq) {
    return { accountId, events, ok: false, headSeq: lastSeq, headHmac: prevHmac, firstBroken: { id: null, seq: lastSeq + 1, problem: 'tail_deleted' } };
  }
  if (checkpoint && atCheckpoint && atCheckpoint.hmac !== checkpoint.headHmac) {
    return { accountId, events, ok: false, headSeq: lastSeq, headHmac: prevHmac, firstBroken: { id: atCheckpoint.id, seq: checkpoint.headSeq, problem: 'checkpoint_mismatch' } };
  }
  return { accountId, events, ok: true, headSeq: lastSeq, headHmac: prevHmac, firstBroken: null };
}

/** Every account that has a chain (the CLI verifies them all). */
export async function chainAccounts(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ accountId: auditEvents.accountId }).from(auditEvents).orderBy(sql`1`);
  return rows.map((r) => r.accountId);
}
