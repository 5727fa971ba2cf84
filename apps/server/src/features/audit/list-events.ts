// Reading the audit trail: one account's events, filtered, newest first, in keyset pages (id < cursor), so a page
// deep in seven years of events costs what the first one does.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, max, type SQL } from 'drizzle-orm';
import type { TExportAuditEventsRequest, TListAuditEventsRequest, TListAuditEventsResponse } from '@bq/contracts/audit';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import type { ActorKind, Outcome } from './audit-chain';
import { exportedEventOf } from './audit-chain';
import type { ExportedEvent } from './verify-export';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The names of the page's user actors, looked up now and only among the account's own users: the trail keeps ids (a
 * name is not evidence and may change), the compliance officer reads names. Clients are never named here.
 */
async function actorNames(db: Db, accountId: string, rows: { actorKind: string; actorId: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.filter((r) => r.actorKind === 'USER' && r.actorId && UUID.test(r.actorId)).map((r) => r.actorId!))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  return new Map(found.map((u) => [u.id, `${`${u.firstName} ${u.lastName}`.trim()} <${u.email}>`]));
}

/** The filters the list and the export share. */
export type AuditFilter = Omit<TExportAuditEventsRequest, 'format'>;

/**
 * The WHERE of a filtered reading. `throughId` fixes where an export ends: events appended while it streams (its own
 * among them) are left out, so its row count and its rows agree. Appends of one account are serialised by the
 * chain's lock, so no event of the account with a lower id can commit after the highest id was read.
 */
function auditWhere(accountId: string, q: AuditFilter & { cursor?: string }, throughId?: number): SQL | undefined {
  const where: SQL[] = [eq(auditEvents.accountId, accountId)];
  if (q.clientToken) where.push(eq(auditEvents.clientToken, q.clientToken));
  if (q.userId) where.push(eq(auditEvents.actorId, q.userId));
  if (q.action) where.push(eq(auditEvents.action, q.action));
  if (q.outcome) where.push(eq(auditEvents.outcome, q.outcome));
  if (q.from) where.push(gte(auditEvents.occurredAt, new Date(q.from)));
  if (q.to) where.push(lte(auditEvents.occurredAt, new Date(q.to)));
  if (q.cursor) where.push(lt(auditEvents.id, Number(q.cursor)));
  if (throughId !== undefined) where.push(lte(auditEvents.id, throughId));
  return and(...where);
}

/** The id of the account's newest event (0 when it has none): where an export stops. */
export async function newestAuditEventId(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ id: max(auditEvents.id) }).from(auditEvents).where(eq(auditEvents.accountId, accountId));
  return Number(row?.id ?? 0);
}

export async function countAuditEvents(db: Db, accountId: string, q: AuditFilter, throughId?: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(auditWhere(accountId, q, throughId));
  return Number(row?.n ?? 0);
}

export async function listAuditEvents(db: Db, accountId: string, q: TListAuditEventsRequest, throughId?: number): Promise<TListAuditEventsResponse> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(auditWhere(accountId, q, throughId))
    .orderBy(desc(auditEvents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const names = await actorNames(db, accountId, page);
  return {
    events: page.map((r) => ({
      id: String(r.id),
      seq: r.seq,
      occurredAt: r.occurredAt.toISOString(),
      actorKind: r.actorKind as TListAuditEventsResponse['events'][number]['actorKind'],
      actorId: r.actorId,
      actorName: (r.actorId && names.get(r.actorId)) ?? null,
      action: r.action,
      clientToken: r.clientToken,
      resultToken: r.resultToken,
      details: r.details,
      outcome: r.outcome as 'ALLOWED' | 'REFUSED',
      requestId: r.requestId,
      ip: r.ip,
      userAgent: r.userAgent,
    })),
    nextCursor: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
  };
}

/**
 * The account's events as the chain has them (oldest first, keyset on seq), in the exported form its hashes cover.
 * Appends of one account are serialised, so seq order is id order and `throughId` cuts the chain at one point.
 */
export async function* chainPages(db: Db, accountId: string, q: AuditFilter, throughId: number, pageSize: number): AsyncGenerator<ExportedEvent[]> {
  if (throughId === 0) return;
  let afterSeq = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(auditWhere(accountId, q, throughId), gt(auditEvents.seq, afterSeq)))
      .orderBy(asc(auditEvents.seq))
      .limit(pageSize);
    if (rows.length > 0) {
      yield rows.map((r) => ({
        ...exportedEventOf({ ...r, actorKind: r.actorKind as ActorKind, outcome: r.outcome as Outcome }, r.prevHash ?? ''),
        hash: r.hash ?? '',
      }));
    }
    if (rows.length < pageSize) return;
    afterSeq = rows[rows.length - 1]!.seq;
  }
}
