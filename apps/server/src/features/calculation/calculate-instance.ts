// The calculation job for one FILLED instance: FILLED -> CALCULATING (committed, so the adviser sees it),
// score the stored answers, then CALCULATING -> RESULTS_AVAILABLE with the results, or ERROR. Idempotent:
// a job that runs again after a crash continues from CALCULATING, and one for a finished instance does nothing.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { assertTransition, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { rawDimensionScores } from '@bq/scoring/raw-scores';
import type { Db } from '../../db/client';
import { interactionInstances, type InstanceResults } from '../../db/schema';
import { getInteractionDefinition } from '../interactions/definitions';
import { scoringDimensions, scoringItems } from './scoring-input';

export const ALGORITHM_VERSION = 'raw-means-1';

async function moveStatus(db: Db, instanceId: string, from: InteractionStatus[], to: InteractionStatus, extra: Partial<typeof interactionInstances.$inferInsert> = {}) {
  return db.transaction(async (tx) => {
    const [row] = await tx.execute<{ status: InteractionStatus }>(sql`select status from interaction_instances where id = ${instanceId} for update`).then(
      (r) => (r as unknown as { rows: { status: InteractionStatus }[] }).rows,
    );
    if (!row || !from.includes(row.status)) return false;
    assertTransition(row.status, to);
    await tx.update(interactionInstances).set({ status: to, updatedAt: new Date(), ...extra }).where(eq(interactionInstances.id, instanceId));
    return true;
  });
}

export function answersHash(interactionId: string, definitionVersion: number, answers: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify({ interactionId, definitionVersion, answers: sorted })).digest('hex');
}

export async function calculateInstance(db: Db, instanceId: string, log?: FastifyBaseLogger): Promise<void> {
  const started = await moveStatus(db, instanceId, ['FILLED'], 'CALCULATING');
  const [instance] = await db.select().from(interactionInstances).where(eq(interactionInstances.id, instanceId));
  if (!instance || instance.status !== 'CALCULATING') return; // finished, deleted or never filled
  if (!started) log?.info({ instanceId }, 'resuming a calculation that was interrupted');

  let results: InstanceResults;
  try {
    const definition = getInteractionDefinition(instance.interactionId);
    if (!definition || definition.version !== instance.definitionVersion) throw new Error(`definition ${instance.interactionId} v${instance.definitionVersion} not available`);
    results = {
      interactionId: definition.id,
      definitionVersion: definition.version,
      normVersion: definition.normVersion,
      algorithmVersion: ALGORITHM_VERSION,
      calculatedAt: new Date().toISOString(),
      answersHash: answersHash(definition.id, definition.version, instance.answers),
      dimensions: rawDimensionScores(scoringItems(definition), scoringDimensions(definition), instance.answers),
    };
  } catch (err) {
    // A scoring failure is deterministic: retrying would fail again, so the instance shows ERROR instead.
    log?.error({ err, instanceId }, 'calculation failed');
    await moveStatus(db, instanceId, ['CALCULATING'], 'ERROR', { errorKey: 'error.calculation.failed' });
    return;
  }
  await moveStatus(db, instanceId, ['CALCULATING'], 'RESULTS_AVAILABLE', { results, errorKey: null });
}
