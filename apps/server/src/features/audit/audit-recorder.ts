// Where the audit plugin's events go (docs/decisions/0039): events of reads wait in memory and are appended once a
// second (and on close); events of writes and downloads are appended before the answer leaves. Both first resolve
// the subject: the client behind a result token, and for a participant's or visitor's call the account.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { clients, interactionInstances } from '../../db/schema';
import { isDatabaseUnavailable } from '../../plugins/errors';
import { appendEvents, appendToChain, byAccountOf, type AuditEventInput } from './audit-chain';
import { logParticipantAccess, splitParticipantAccess } from './participant-access';
import { recordSystemEvent } from './system-events';
import { sqlStateOf } from '../../db/sql-state';

/** The SYSTEM event that stands where events could not be written (issue 36 point 1). */
export const EVENTS_LOST = 'audit.events_lost';

// SQLSTATE classes of a failure that passes: the database away or busy (08, 53, 57), a lock or serialisation conflict
// (40, 55P03). Anything else (a data exception such as a NUL byte, class 22) fails the same way at every retry.
const PASSING_CLASSES = /^(08|40|53|57|55P03)/;

function isPassing(error: unknown): boolean {
  return isDatabaseUnavailable(error) || PASSING_CLASSES.test(sqlStateOf(error) ?? '');
}

/** An event before its subject is resolved: the account may still be unknown (a participant's token names it). */
export type PendingEvent = Omit<AuditEventInput, 'accountId'> & { accountId: string | null };

/** How often buffered read events are written; a kill -9 loses this much of them plus the flush in progress (ADR 0039). */
export const FLUSH_INTERVAL_MS = 500;
/** Read events kept for a retry while the database refuses them (about 100 bytes each in memory). */
export const MAX_BUFFERED = 200_000;

export class AuditRecorder {
  private buffer: PendingEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Queues an event of a read; written within FLUSH_INTERVAL_MS. */
  queue(event: PendingEvent): void {
    this.buffer.push(event);
  }

  /** Writes one event now, in a transaction of its own (a write whose service did not record it in its own). */
  async recordNow(event: PendingEvent): Promise<void> {
    const { chained, access } = splitParticipantAccess(await resolveSubjects(this.db, [event]));
    await appendEvents(this.db, chained);
    await this.logAccess(access);
  }

  /** Writes one event inside the caller's transaction: it commits or rolls back with the write it records. */
  async recordInTransaction(tx: Tx, event: PendingEvent): Promise<void> {
    const { chained, access } = splitParticipantAccess(await resolveSubjects(tx, [event]));
    const [resolved] = chained;
    if (resolved) await appendToChain(tx, resolved.accountId, [resolved]);
    await logParticipantAccess(tx, access);
  }

  /**
   * Writes every buffered event; flushes never overlap, so each account's events keep their order. One event can never
   * hold up the others (issue 36 point 1): when an account's append is refused for what an event holds, its events are
   * written one by one, and those the database refuses are replaced by one SYSTEM `audit.events_lost` event with their
   * count, so the gap is itself in the chain. When the database is away, the account's events go back to the head of
   * the buffer for the next flush, up to MAX_BUFFERED events in all; beyond that the oldest are dropped and counted in
   * the same way.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.buffer.length === 0) return;
      const batch = this.buffer;
      this.buffer = [];
      const retry: PendingEvent[] = [];
      const lost = new Map<string, number>();
      const { chained, access } = splitParticipantAccess(await this.resolveEach(batch, retry));
      await this.logAccess(access);
      for (const [accountId, events] of byAccountOf(chained)) {
        try {
          await this.db.transaction((tx) => appendToChain(tx, accountId, events));
        } catch (err) {
          if (isPassing(err)) {
            retry.push(...events);
            this.log.error({ err, events: events.length }, 'audit events could not be written; retried at the next flush');
            continue;
          }
          this.log.error({ err, events: events.length }, 'audit events refused; written one by one');
          for (const event of events) {
            try {
              await this.db.transaction((tx) => appendToChain(tx, accountId, [event]));
            } catch (one) {
              if (isPassing(one)) retry.push(event);
              else lost.set(accountId, (lost.get(accountId) ?? 0) + 1);
            }
          }
        }
      }
      this.buffer = [...retry, ...this.buffer];
      const over = this.buffer.length - MAX_BUFFERED;
      if (over > 0) {
        const dropped = this.buffer.splice(0, over);
        this.log.error({ dropped: over }, 'audit buffer full: the oldest read events were dropped');
        for (const event of dropped) if (event.accountId) lost.set(event.accountId, (lost.get(event.accountId) ?? 0) + 1);
      }
      for (const [accountId, count] of lost) await this.recordLoss(accountId, count);
    });
    return this.flushing;
  }

  /** The batch's subjects in one go; when that is refused, event by event, so that only the bad ones are left out. */
  private async resolveEach(batch: PendingEvent[], retry: PendingEvent[]): Promise<AuditEventInput[]> {
    try {
      return await resolveSubjects(this.db, batch);
    } catch (err) {
      if (isPassing(err)) {
        retry.push(...batch);
        this.log.error({ err, events: batch.length }, 'audit events could not be resolved; retried at the next flush');
        return [];
      }
      this.log.error({ err, events: batch.length }, 'audit subjects refused; resolved one by one');
    }
    const out: AuditEventInput[] = [];
    for (const event of batch) {
      try {
        out.push(...(await resolveSubjects(this.db, [event])));
      } catch (err) {
        if (isPassing(err)) retry.push(event);
        // An event whose subject the database refuses is kept without it when its account is known.
        else if (event.accountId) out.push({ ...event, accountId: event.accountId, clientToken: null, resultToken: null });
      }
    }
    return out;
  }

  /** The participant access log is no evidence: a row it cannot take is logged, never a reason to fail the event. */
  private async logAccess(rows: Parameters<typeof logParticipantAccess>[1]): Promise<void> {
    try {
      await logParticipantAccess(this.db, rows);
    } catch (err) {
      this.log.error({ err, rows: rows.length }, 'participant access log rows could not be written');
    }
  }

  /** The gap, in the chain it is in: how many of the account's events could not be written. */
  async recordLoss(accountId: string, count: number): Promise<void> {
    try {
      await recordSystemEvent(this.db, { accountId, action: EVENTS_LOST, details: { count } });
      this.log.error({ accountId, count }, 'audit events lost; the gap is recorded in the chain');
    } catch (err) {
      this.log.error({ err, accountId, count }, 'audit events lost, and the gap could not be recorded');
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/**
 * Fills in the client token behind a result token, and the account of a call without a signed-in caller. A token is
 * only resolved within the event's own account, so a probe with another account's token records nothing of that
 * account. Events whose account stays unknown (an anonymous call with an unknown token) are dropped.
 */
async function resolveSubjects(db: Db | Tx, events: PendingEvent[]): Promise<AuditEventInput[]> {
  const tokens = [...new Set(events.filter((e) => e.resultToken && (!e.clientToken || !e.accountId)).map((e) => e.resultToken!))];
  const byResult = new Map<string, { accountId: string; clientToken: string }>();
  // A thousand tokens a query: a flush of a busy second may name more than a statement's bind parameters allow.
  for (let from = 0; from < tokens.length; from += 1_000) {
    const rows = await db
      .select({ token: interactionInstances.token, accountId: interactionInstances.accountId, clientToken: clients.token })
      .from(interactionInstances)
      .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
      .where(inArray(interactionInstances.token, tokens.slice(from, from + 1_000)));
    for (const r of rows) byResult.set(r.token, { accountId: r.accountId, clientToken: r.clientToken });
  }
  const out: AuditEventInput[] = [];
  for (const e of events) {
    const found = e.resultToken ? byResult.get(e.resultToken) : undefined;
    const accountId = e.accountId ?? found?.accountId ?? null;
    if (!accountId) continue;
    const clientToken = e.clientToken ?? (found && found.accountId === accountId ? found.clientToken : null);
    out.push({ ...e, accountId, clientToken });
  }
  return out;
}
