// Where the audit plugin's events go (docs/decisions/0039): events of reads wait in memory and are appended once a
// second (and on close); events of writes and downloads are appended before the answer leaves. Both first resolve
// the subject: the client behind a result token, and for a participant's or visitor's call the account.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { clients, interactionInstances } from '../../db/schema';
import { appendEvents, appendToChain, byAccountOf, type AuditEventInput } from './audit-chain';

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
    private readonly key: string,
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
    const resolved = await resolveSubjects(this.db, [event]);
    await appendEvents(this.db, this.key, resolved);
  }

  /** Writes one event inside the caller's transaction: it commits or rolls back with the write it records. */
  async recordInTransaction(tx: Tx, event: PendingEvent): Promise<void> {
    const [resolved] = await resolveSubjects(tx, [event]);
    if (resolved) await appendToChain(tx, this.key, resolved.accountId, [resolved]);
  }

  /**
   * Writes every buffered event; flushes never overlap, so each account's events keep their order. An account whose
   * append fails (the database away for a moment) gets its events back at the head of the buffer for the next flush,
   * up to MAX_BUFFERED events in all; beyond that the oldest are dropped and the loss is logged with its count.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.buffer.length === 0) return;
      const batch = this.buffer;
      this.buffer = [];
      const failed: PendingEvent[] = [];
      try {
        for (const [accountId, events] of byAccountOf(await resolveSubjects(this.db, batch))) {
          try {
            await this.db.transaction((tx) => appendToChain(tx, this.key, accountId, events));
          } catch (err) {
            failed.push(...events);
            this.log.error({ err, events: events.length }, 'audit events could not be written; retried at the next flush');
          }
        }
      } catch (err) {
        failed.push(...batch);
        this.log.error({ err, events: batch.length }, 'audit events could not be resolved; retried at the next flush');
      }
      if (failed.length === 0) return;
      this.buffer = [...failed, ...this.buffer];
      const over = this.buffer.length - MAX_BUFFERED;
      if (over > 0) {
        this.buffer.splice(0, over);
        this.log.error({ dropped: over }, 'audit buffer full: the oldest read events were dropped');
      }
    });
    return this.flushing;
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
