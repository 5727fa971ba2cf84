// The calculation job for one FILLED instance: FILLED -> CALCULATING (committed, so the adviser sees it), score
// the stored answers, then CALCULATING -> RESULTS_AVAILABLE, or for products that predict CALCULATING ->
// PREDICTING (scores stored) -> RESULTS_AVAILABLE / PREDICTION_ERROR (scores stay), or ERROR. Idempotent: a
// job that runs again after a crash continues from CALCULATING or PREDICTING, one for a finished instance does
// nothing.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { assertTransition, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { Db, Tx } from '../../db/client';
import { interactionInstances, type InstanceResults } from '../../db/schema';
import { getInteractionDefinition } from '../interactions/definitions';
import { riskSectionForResults } from '../results/risk-section';
import { predictResult, scoreResult } from './score-result';
import { emitForInstance } from '../webhooks/emit';
import { queueCrmSyncForInstance } from '../crm/sync-queue';

export const CALCULATION_ERRORS = {
  failed: 'error.calculation.failed',
  predictionFailed: 'error.prediction.failed',
} as const;

/** Runs in the transaction that makes a result available, e.g. to queue the auto report mail with it. */
export type OnResultAvailable = (tx: Tx, instanceId: string) => Promise<unknown>;

/**
 * One conditional UPDATE (the row's own lock and its WHERE keep a concurrent run from moving it twice): false when the
 * instance is no longer in one of `from`. Without `onMoved` that is the whole of it; with it, the UPDATE and what
 * `onMoved` writes share a transaction. Every pair `from` -> `to` is checked against the lifecycle first.
 */
async function moveStatus(
  db: Db,
  instanceId: string,
  from: InteractionStatus[],
  to: InteractionStatus,
  extra: Partial<typeof interactionInstances.$inferInsert> = {},
  onMoved?: OnResultAvailable,
): Promise<boolean> {
  for (const status of from) assertTransition(status, to);
  const move = async (d: Db | Tx) =>
    (
      await d
        .update(interactionInstances)
        .set({ status: to, updatedAt: new Date(), ...extra })
        .where(and(eq(interactionInstances.id, instanceId), inArray(interactionInstances.status, from)))
        .returning({ id: interactionInstances.id })
    ).length > 0;
  if (!onMoved) return move(db);
  return db.transaction(async (tx) => {
    // A worker whose host vanished mid-transaction (no connection close for PostgreSQL to notice) would hold this
    // row lock until TCP keepalive ends the session, hours by default; the retry on another worker would wait that
    // long. The server ends such a transaction after this idle time instead (issue 12: picked up within a minute).
    await tx.execute(sql`set local idle_in_transaction_session_timeout = '20s'`);
    if (!(await move(tx))) return false;
    await onMoved(tx, instanceId);
    return true;
  });
}

export async function calculateInstance(db: Db, instanceId: string, log?: FastifyBaseLogger, onAvailable?: OnResultAvailable): Promise<void> {
  // The account's webhooks hear of the result in the transaction that makes it available (docs/decisions/0090).
  const onResultAvailable: OnResultAvailable = async (tx, id) => {
    await emitForInstance(tx, id, 'result.available');
    // And the account's CRMs are written (docs/decisions/0094): queued with the result, synced by the worker.
    await queueCrmSyncForInstance(tx, id);
    await onAvailable?.(tx, id);
  };
  // FILLED -> CALCULATING hands back the row it moved; a resumed run (or one for a finished instance) reads it.
  assertTransition('FILLED', 'CALCULATING');
  const [started] = await db
    .update(interactionInstances)
    .set({ status: 'CALCULATING', updatedAt: new Date() })
    .where(and(eq(interactionInstances.id, instanceId), eq(interactionInstances.status, 'FILLED')))
    .returning();
  const [instance] = started ? [started] : await db.select().from(interactionInstances).where(eq(interactionInstances.id, instanceId));
  if (!instance || (instance.status !== 'CALCULATING' && instance.status !== 'PREDICTING')) return; // finished, deleted or never filled
  if (!started) log?.info({ instanceId, status: instance.status }, 'resuming a calculation that was interrupted');
  // The version the answers were given to: every version stays loaded, so an old instance scores as it was asked.
  const definition = instance.definitionVersion === null ? undefined : getInteractionDefinition(instance.interactionId, instance.definitionVersion);

  let results = instance.results;
  if (instance.status === 'CALCULATING') {
    const calculatedAt = new Date();
    try {
      if (!definition) throw new Error(`definition ${instance.interactionId} v${instance.definitionVersion} not available`);
      results = scoreResult(definition, instance.answers, calculatedAt);
    } catch (err) {
      // A scoring failure is deterministic: retrying would fail again, so the instance shows ERROR instead.
      log?.error({ err, instanceId }, 'calculation failed');
      await moveStatus(db, instanceId, ['CALCULATING'], 'ERROR', { errorKey: CALCULATION_ERRORS.failed });
      return;
    }
    // The risk section is kept with the result (decision 0014); a database error here lets the job retry.
    results.riskSection = await riskSectionForResults(db, results, calculatedAt);
    if (!definition?.prediction) {
      await moveStatus(db, instanceId, ['CALCULATING'], 'RESULTS_AVAILABLE', { results, errorKey: null }, onResultAvailable);
      return;
    }
    // The scores are committed with PREDICTING, so a failed prediction still leaves them to show.
    if (!(await moveStatus(db, instanceId, ['CALCULATING'], 'PREDICTING', { results, errorKey: null }))) return;
  }

  if (!definition?.prediction || !results) {
    await moveStatus(db, instanceId, ['PREDICTING'], 'PREDICTION_ERROR', { errorKey: CALCULATION_ERRORS.predictionFailed }, onResultAvailable);
    return;
  }
  let withPrediction: InstanceResults;
  try {
    withPrediction = { ...results, prediction: predictResult(definition, results) };
  } catch (err) {
    log?.warn({ err, instanceId }, 'prediction failed; the scores stay available');
    await moveStatus(db, instanceId, ['PREDICTING'], 'PREDICTION_ERROR', { errorKey: CALCULATION_ERRORS.predictionFailed }, onResultAvailable);
    return;
  }
  await moveStatus(db, instanceId, ['PREDICTING'], 'RESULTS_AVAILABLE', { results: withPrediction, errorKey: null }, onResultAvailable);
}
