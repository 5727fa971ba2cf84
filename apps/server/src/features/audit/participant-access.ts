// A participant's or visitor's network identity stays out of the 7-year trail (issue 36 point 13, decision 0068): the
// trail's event keeps the result token and the request id, and the address and browser go into the participant
// access log, which the retention job empties after PARTICIPANT_ACCESS_LOG_DAYS and an erasure empties for the client.
import { inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { participantAccessLog } from '../../db/schema';
import type { AuditEventInput } from './audit-chain';

/** The events as the trail keeps them, and the access-log rows of those that were a participant's. */
export function splitParticipantAccess(events: AuditEventInput[]): { chained: AuditEventInput[]; access: (typeof participantAccessLog.$inferInsert)[] } {
  const access: (typeof participantAccessLog.$inferInsert)[] = [];
  const chained = events.map((e) => {
    if (e.actorKind !== 'PARTICIPANT' || (e.ip === null && e.userAgent === null)) return e;
    access.push({ accountId: e.accountId, occurredAt: e.occurredAt, action: e.action, resultToken: e.resultToken, requestId: e.requestId, ip: e.ip, userAgent: e.userAgent });
    return { ...e, ip: null, userAgent: null };
  });
  return { chained, access };
}

export async function logParticipantAccess(db: Db | Tx, rows: (typeof participantAccessLog.$inferInsert)[]): Promise<void> {
  for (let from = 0; from < rows.length; from += 1_000) await db.insert(participantAccessLog).values(rows.slice(from, from + 1_000));
}

/** The retention job's part: rows older than the configured days go. */
export async function expireParticipantAccess(db: Db, days: number, now = new Date()): Promise<number> {
  const rows = await db.delete(participantAccessLog).where(lt(participantAccessLog.occurredAt, new Date(now.getTime() - days * 86_400_000))).returning({ id: participantAccessLog.id });
  return rows.length;
}

/** An erasure's part: every row of the client's results (their tokens before the erasure rotates them). */
export async function forgetParticipantAccess(tx: Tx, resultTokens: string[]): Promise<number> {
  if (resultTokens.length === 0) return 0;
  const rows = await tx.delete(participantAccessLog).where(inArray(participantAccessLog.resultToken, resultTokens)).returning({ id: participantAccessLog.id });
  return rows.length;
}
