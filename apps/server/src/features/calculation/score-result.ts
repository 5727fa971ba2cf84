// The scoring of one instance's answers against its definition, as stored in `results` (pure: no I/O). The
// same answers and definition version always give the same result (DESIGN.md section 4).
import { createHash } from 'node:crypto';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { scoreDimensions } from '@bq/scoring/norms';
import { indicateClass } from '@bq/scoring/prediction';
import { riskProfile } from '@bq/scoring/risk';
import { ALGORITHM_VERSION } from '@bq/scoring/version';
import type { InstanceResults } from '../../db/schema';

export function answersHash(interactionId: string, definitionVersion: number, answers: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify({ interactionId, definitionVersion, answers: sorted })).digest('hex');
}

/** Scores and, for the risk products, the risk profile; the prediction is a separate step (PREDICTING). */
export function scoreResult(definition: TInteractionDefinition, answers: Record<string, number | string>, calculatedAt: Date): InstanceResults {
  const dimensions = scoreDimensions(definition, answers);
  let risk: InstanceResults['risk'] = null;
  if (definition.risk) {
    const selfEstimate = answers[definition.risk.selfEstimateItem];
    const profile = riskProfile(
      Object.fromEntries(dimensions.map((d) => [d.key, d.raw])),
      typeof selfEstimate === 'number' ? selfEstimate : null,
      definition.risk,
      answers,
    );
    risk = profile && {
      ...profile,
      caps: profile.caps.map(({ dimension, score, maxClass, lowers, assumed }) => ({ dimension, score, maxClass, lowers, assumed })),
    };
  }
  return {
    interactionId: definition.id,
    definitionVersion: definition.version,
    normVersion: definition.normVersion,
    normStatus: definition.normStatus,
    algorithmVersion: ALGORITHM_VERSION,
    calculatedAt: calculatedAt.toISOString(),
    answersHash: answersHash(definition.id, definition.version, answers),
    dimensions,
    risk,
  };
}

/**
 * The prediction step: the definition's rule-based model over the dimension z-scores, within the suitable risk
 * class of the profile (decision 0014: an indication, no probability). Throws PredictionError when it cannot apply.
 */
export function predictResult(definition: TInteractionDefinition, results: InstanceResults): NonNullable<InstanceResults['prediction']> {
  const model = definition.prediction;
  if (!model) throw new Error(`${definition.id} has no prediction model`);
  const features = Object.fromEntries(results.dimensions.map((d) => [d.key, d.z ?? null]));
  const suitableClass = results.risk?.suitableClass ?? null;
  const indication = indicateClass(model, features, { suitableRiskClass: suitableClass });
  return {
    modelId: model.id,
    modelVersion: model.version,
    method: 'RULE_BASED',
    predictedClass: indication.predictedClass,
    unconstrainedClass: indication.unconstrainedClass,
    suitableClass,
    scores: indication.scores,
    factors: indication.factors,
  };
}
