// GET /api/predict/{bqa|bqp}/{token}?locale=: the stored rule-based indication of a result (decision 0014) with the
// model's classes in order, whether the suitable risk class allows each, and the factors behind it. The investment
// style needs PREDICTION_INVESTMENT_STYLE/READ in the product's realm.
import type { TPrediction } from '@bq/contracts/dashboard';
import type { TInteractionDefinition, TPredictionModel } from '@bq/contracts/interaction-definition';
import type { Locale } from '@bq/domain/locales';
import { indicateClass, PredictionError } from '@bq/scoring/prediction';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { InstanceResults } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { readerLocale } from './dashboard-content';
import { RESULT_ERRORS, requireOpenResult } from './result-access';

export type PredictionPath = 'bqa' | 'bqp';
const KIND_OF_PATH = { bqa: 'INVESTMENT_STYLE', bqp: 'PERFORMANCE' } as const;

export interface StoredIndication {
  predictedClass: string;
  unconstrainedClass: string | null;
  suitableClass: number | null;
  scores: { key: string; score: number; allowed: boolean }[];
  factors: NonNullable<InstanceResults['prediction']>['factors'];
}

/**
 * The indication as stored. A result from before decision 0014 stored a softmax probability, possibly above the
 * suitable risk class; it is read by applying the same rules to its stored z-scores within its stored suitable
 * class (deterministic), so no screen shows it uncapped or with a probability. Null when it cannot be read.
 */
export function storedIndication(model: TPredictionModel, results: InstanceResults): StoredIndication | null {
  const stored = results.prediction;
  if (!stored) return null;
  if (stored.method === 'RULE_BASED' && stored.scores) {
    return {
      predictedClass: stored.predictedClass,
      unconstrainedClass: stored.unconstrainedClass ?? null,
      suitableClass: stored.suitableClass ?? null,
      scores: stored.scores,
      factors: stored.factors,
    };
  }
  const suitableClass = results.risk?.suitableClass ?? null;
  try {
    const features = Object.fromEntries(results.dimensions.map((d) => [d.key, d.z ?? null]));
    const indication = indicateClass(model, features, { suitableRiskClass: suitableClass });
    return { ...indication, suitableClass };
  } catch (err) {
    if (err instanceof PredictionError) return null;
    throw err;
  }
}

/** The model's classes with their rank (1 = best score) and whether the suitable class allows them. */
export function rankedClasses(model: TPredictionModel, indication: StoredIndication) {
  const order = [...indication.scores].sort((a, b) => b.score - a.score);
  return model.classes.map((c) => {
    const score = indication.scores.find((s) => s.key === c.key);
    return {
      key: c.key,
      labelKey: c.labelKey,
      descriptionKey: c.descriptionKey,
      rank: score ? order.indexOf(score) + 1 : model.classes.length,
      minRiskClass: c.minRiskClass ?? null,
      allowed: score?.allowed ?? true,
    };
  });
}

export async function getPrediction(db: Db, auth: AuthContext, path: PredictionPath, token: string, requestedLocale?: Locale): Promise<TPrediction> {
  const { instance, results, definition } = await requireOpenResult(db, auth, token, path === 'bqa' ? 'PREDICTION_INVESTMENT_STYLE' : 'INDIVIDUAL_RESULTS');
  const model = (definition as TInteractionDefinition).prediction;
  // A product without this kind of prediction has no such resource.
  if (!model || model.kind !== KIND_OF_PATH[path]) throw new AppError('error.not_found', 404, 'Not found');
  const indication = storedIndication(model, results);
  if (!indication) throw new AppError(RESULT_ERRORS.predictionFailed, 409, 'The prediction could not be made; the scores are available');
  const locale = await readerLocale(db, auth, requestedLocale);
  const nameKeyOf = new Map(definition.dimensions.map((d) => [d.key, d.nameKey]));
  const stored = results.prediction!;
  return {
    instanceToken: instance.token,
    kind: model.kind,
    modelId: stored.modelId,
    modelVersion: stored.modelVersion,
    method: 'RULE_BASED',
    modelStatus: model.status,
    titleKey: model.titleKey,
    predictedClass: indication.predictedClass,
    unconstrainedClass: indication.unconstrainedClass,
    suitableClass: indication.suitableClass,
    classes: rankedClasses(model, indication),
    factors: indication.factors.map((f) => ({ dimension: f.feature, nameKey: nameKeyOf.get(f.feature) ?? f.feature, z: f.value, contribution: f.contribution })),
    texts: await definitionTexts(db, definition, locale, ['INTERACTION_BASE']),
  };
}
