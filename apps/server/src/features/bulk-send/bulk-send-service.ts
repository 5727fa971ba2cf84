// The API's side of a bulk send: start it (check as a single send checks, fix the chosen clients, queue the job,
// all in one transaction), read its progress, ask it to stop. The work itself runs in the worker (run-bulk-send.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BULK_SEND_ERRORS, ZBulkSendRequest, type TBulkSendProgress, type TBulkSendRequest } from '@bq/contracts/bulk-send';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { bulkSends } from '../../db/schema';
import { QUEUES, enqueueInTransaction, type JobQueue } from '../../jobs/queue';
import type { AuthContext } from '../../plugins/auth';
import { requireProductConfiguration, type ProductConfigurationRow } from '../products/product-access';
import { assertMaySendQuestionnaires } from '../signup/verification-required';
import { chooseClients, filterConditions } from './choose-clients';
import { BULK_SKIP, MAX_LISTED_FAILURES } from './send-chunk';
import { isUniqueViolation } from '../../db/sql-state';
import { withClientNames } from './failure-names';

type BulkRow = typeof bulkSends.$inferSelect;

function toProgress(row: BulkRow): TBulkSendProgress {
  return {
    id: row.id,
    status: row.status,
    productConfigurationId: row.productConfigurationId,
    total: row.total,
    created: row.created,
    mailed: row.mailed,
    failed: row.failed,
    failures: row.failures.map((f) => ({ ...f, since: f.since ?? null })),
    skipResultsWithinMonths: row.options.skipResultsWithinMonths ?? 0,
    startFromPrevious: row.options.startFromPrevious ?? false,
    startedEmpty: row.startedEmpty,
    finished: row.status === 'DONE' || row.status === 'STOPPED',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** A start sent again with the same Idempotency-Key: the send it started, or null when the key is new. */
async function sendOfKey(db: Db, auth: AuthContext, key: string, productConfigurationId: string): Promise<TBulkSendProgress | null> {
  const [row] = await db.select().from(bulkSends).where(and(eq(bulkSends.accountId, auth.accountId), eq(bulkSends.idempotencyKey, key)));
  if (!row) return null;
  if (row.productConfigurationId !== productConfigurationId || row.userId !== auth.userId) {
    throw new AppError(BULK_SEND_ERRORS.idempotencyKeyReused, 422, 'This Idempotency-Key was used for another send');
  }
  return toProgress(row);
}

/**
 * `config`: the product the route declared (input.productConfigurationId), checked for INTERACTION_INSTANCE/CREATE in
 * its realm as for POST /api/instance; the per-client checks (inactive, interaction limit, an open questionnaire) are
 * made per chunk and reported per client.
 */
export async function startBulkSend(db: Db, queue: JobQueue, auth: AuthContext, config: ProductConfigurationRow, input: TBulkSendRequest, idempotencyKey?: string): Promise<TBulkSendProgress> {
  const request = ZBulkSendRequest.parse(input);
  await assertMaySendQuestionnaires(db, auth);
  if (idempotencyKey) {
    const earlier = await sendOfKey(db, auth, idempotencyKey, config.id);
    if (earlier) return withClientNames(db, auth, earlier);
  }
  const where = request.filter ? await filterConditions(db, auth, config.id, request.filter) : null;
  try {
    return await withClientNames(db, auth, await startNewSend(db, queue, auth, request, config.id, where, idempotencyKey));
  } catch (err) {
    // Two starts with the same key at once: the unique index lets one through, the other answers its send.
    const earlier = idempotencyKey && isUniqueViolation(err) ? await sendOfKey(db, auth, idempotencyKey, config.id) : null;
    if (earlier) return withClientNames(db, auth, earlier);
    throw err;
  }
}

async function startNewSend(
  db: Db,
  queue: JobQueue,
  auth: AuthContext,
  request: ReturnType<typeof ZBulkSendRequest.parse>,
  configId: string,
  where: Awaited<ReturnType<typeof filterConditions>> | null,
  idempotencyKey: string | undefined,
): Promise<TBulkSendProgress> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkSends)
      .values({
        accountId: auth.accountId,
        userId: auth.userId,
        productConfigurationId: configId,
        idempotencyKey: idempotencyKey ?? null,
        options: {
          ...(request.expiresInDays !== undefined ? { expiresInDays: request.expiresInDays } : {}),
          autoReminder: request.autoReminder,
          autoSendReport: request.autoSendReport,
          sendInvitationEmail: request.sendInvitationEmail,
          skipResultsWithinMonths: request.skipResultsWithinMonths,
          startFromPrevious: request.startFromPrevious,
        },
      })
      .returning();
    const { chosen, unknownTokens } = await chooseClients(tx, auth, row!.id, configId, where ? { where } : { clientTokens: request.clientTokens! });
    const failures = unknownTokens.map((clientToken) => ({ clientToken, errorKey: BULK_SKIP.unknown, since: null }));
    const [started] = await tx
      .update(bulkSends)
      .set({ total: chosen + failures.length, failed: failures.length, failures: failures.slice(0, MAX_LISTED_FAILURES) })
      .where(eq(bulkSends.id, row!.id))
      .returning();
    const jobId = await enqueueInTransaction(queue, tx, QUEUES.bulkSend, { bulkSendId: row!.id }, { singletonKey: row!.id });
    if (!jobId) throw new Error(`bulk send ${row!.id}: the job was not created`);
    return toProgress(started!);
  });
}

/** The send of this account, checked against the caller's permission in its product; another account's is missing. */
async function requireBulkSend(db: Db, auth: AuthContext, id: string, action: 'READ' | 'CREATE'): Promise<BulkRow> {
  const [row] = await db.select().from(bulkSends).where(and(eq(bulkSends.id, id), eq(bulkSends.accountId, auth.accountId)));
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  await requireProductConfiguration(db, auth, row.productConfigurationId, { entity: 'INTERACTION_INSTANCE', action });
  return row;
}

export async function getBulkSend(db: Db, auth: AuthContext, id: string): Promise<TBulkSendProgress> {
  return withClientNames(db, auth, toProgress(await requireBulkSend(db, auth, id, 'READ')));
}

/** Asks the job to stop; it does so before its next chunk. Stopping a send that has ended changes nothing. */
export async function stopBulkSend(db: Db, auth: AuthContext, id: string): Promise<TBulkSendProgress> {
  await requireBulkSend(db, auth, id, 'CREATE');
  // In a transaction: the stop's audit event, with the counts it answers, commits with it (docs/decisions/0039).
  const stopping = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bulkSends)
      .set({ status: 'STOPPING', updatedAt: sql`now()` })
      .where(and(eq(bulkSends.id, id), inArray(bulkSends.status, ['RUNNING'])))
      .returning();
    // A send that has ended changes nothing; its event still names what the answer shows (routes.ts countsOf).
    return row ? toProgress(row) : toProgress(await requireBulkSend(tx as unknown as Db, auth, id, 'CREATE'));
  });
  return withClientNames(db, auth, stopping);
}
