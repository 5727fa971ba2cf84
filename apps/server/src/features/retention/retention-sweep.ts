// The daily retention job (docs/decisions/0044): per account, deletes the results and clients whose retention ended
// and pseudonymises old mails, then records one tombstone audit event with the counts per class (never a name or a
// token) in the same transaction, so the removal and its record commit together. Idempotent: a second run finds
// nothing due and writes nothing.
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { AUDIT_RETENTION_YEARS, MAIL_RETENTION_DAYS, type TRetentionCounts } from '@bq/contracts/retention';
import type { Db, Tx } from '../../db/client';
import { accounts, clientProducts, clients, interactionInstances, mailOutbox } from '../../db/schema';
import { appendToChain } from '../audit/audit-chain';
import { cutoffsAt, findDue } from './retention-due';
import { retentionSettings } from './retention-settings';

export const RETENTION_ACTION = 'retention.sweep';
/** Deletes in slices, so a statement's parameter list stays small. */
const SLICE = 500;

const EMPTY_MAIL = { toAddress: '', subject: '', textBody: '', htmlBody: '', renderValues: null, lastError: null };

async function inSlices(ids: string[], run: (slice: string[]) => Promise<unknown>) {
  for (let i = 0; i < ids.length; i += SLICE) await run(ids.slice(i, i + SLICE));
}

/** Applies one account's retention at `now`; the counts of what it removed. */
export async function sweepAccount(db: Db, accountId: string, now: Date): Promise<TRetentionCounts> {
  return db.transaction(async (tx) => {
    const settings = await retentionSettings(tx, accountId);
    const due = await findDue(tx, accountId, cutoffsAt(now, settings));
    await inSlices([...due.advisoryResults, ...due.selectionResults], (ids) => tx.delete(interactionInstances).where(inArray(interactionInstances.id, ids)));
    for (const m of due.advisoryMemberships) {
      await tx
        .delete(clientProducts)
        .where(and(eq(clientProducts.clientId, m.clientId), eq(clientProducts.productConfigurationId, m.productConfigurationId)));
    }
    await inSlices(due.clients, (ids) => tx.delete(clients).where(inArray(clients.id, ids)));
    await inSlices(due.mails, (ids) => tx.update(mailOutbox).set(EMPTY_MAIL).where(inArray(mailOutbox.id, ids)));
    const counts: TRetentionCounts = {
      advisoryResults: due.advisoryResults.length,
      selectionResults: due.selectionResults.length,
      clients: due.clients.length,
      mails: due.mails.length,
    };
    if (Object.values(counts).some((n) => n > 0)) await tombstone(tx, accountId, now, counts, settings);
    return counts;
  });
}

async function tombstone(tx: Tx, accountId: string, now: Date, counts: TRetentionCounts, settings: { advisoryYears: number; selectionMonths: number }) {
  await appendToChain(tx, accountId, [
    {
      occurredAt: now,
      actorKind: 'SYSTEM',
      actorId: 'retention',
      action: RETENTION_ACTION,
      clientToken: null,
      resultToken: null,
      details: {
        removed: counts,
        policy: { advisoryYears: settings.advisoryYears, selectionMonths: settings.selectionMonths, mailDays: MAIL_RETENTION_DAYS, auditYears: AUDIT_RETENTION_YEARS },
      },
      outcome: 'ALLOWED',
      requestId: null,
      ip: null,
      userAgent: null,
    },
  ]);
}

/**
 * Mails sent before any account existed for them (sign-up verifications, password resets of unknown addresses have
 * none) belong to no chain: pseudonymised like the others, without a tombstone.
 */
async function sweepAccountlessMails(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_RETENTION_DAYS * 86_400_000);
  const rows = await db
    .update(mailOutbox)
    .set(EMPTY_MAIL)
    .where(and(isNull(mailOutbox.accountId), ne(mailOutbox.toAddress, ''), or(eq(mailOutbox.status, 'SENT'), eq(mailOutbox.status, 'FAILED')), lte(mailOutbox.createdAt, cutoff)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Every account, one transaction each: one account's failure leaves the others' removals in place. */
export async function runRetention(db: Db, now: Date, onError?: (accountId: string, err: unknown) => void) {
  const ids = await db.select({ id: accounts.id }).from(accounts).orderBy(sql`${accounts.id}`);
  const removed: Record<string, TRetentionCounts> = {};
  for (const { id } of ids) {
    try {
      const counts = await sweepAccount(db, id, now);
      if (Object.values(counts).some((n) => n > 0)) removed[id] = counts;
    } catch (err) {
      onError?.(id, err);
    }
  }
  return { accounts: ids.length, removed, accountlessMails: await sweepAccountlessMails(db, now) };
}
