// GET /api/predict/{bqa|bqp}/{token}?locale=: the stored prediction of a result with the model's classes and
// the factors behind it. The investment style needs PREDICTION_INVESTMENT_STYLE/READ in the product's realm.
import type { TPrediction } from '@bq/contracts/dashboard';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { readerLocale } from './dashboard-content';
import { RESULT_ERRORS, requireOpenResult } from './result-access';

export type PredictionPath = 'bqa' | 'bqp';
const KIND_OF_PATH = { bqa: 'INVESTMENT_STYLE', bqp: 'PERFORMANCE' } as const;

export async function getPrediction(db: Db, auth: AuthContext, path: PredictionPath, token: string, requestedLocale?: Locale): Promise<TPrediction> {
  const { instance, results, definition } = await requireOpenResult(db, auth, token, path === 'bqa' ? 'PREDICTION_INVESTMENT_STYLE' : 'INDIVIDUAL_RESULTS');
  const model = definition.prediction;
  // A product without this kind of prediction has no such resource.
  if (!model || model.kind !== KIND_OF_PATH[path]) throw new AppError('error.not_found', 404, 'Not found');
  const stored = results.prediction;
  if (!stored) throw new AppError(RESULT_ERRORS.predictionFailed, 409, 'The prediction could not be made; the scores are available');
  const locale = await readerLocale(db, auth, requestedLocale);
  const nameKeyOf = new Map(definition.dimensions.map((d) => [d.key, d.nameKey]));
  return {
    instanceToken: instance.token,
    kind: model.kind,
    modelId: stored.modelId,
    modelVersion: stored.modelVersion,
    modelStatus: model.status,
    titleKey: model.titleKey,
    predictedClass: stored.predictedClass,
    probability: stored.probability,
    classes: model.classes.map((c) => ({
      key: c.key,
      labelKey: c.labelKey,
      descriptionKey: c.descriptionKey,
      probability: stored.probabilities.find((p) => p.key === c.key)?.probability ?? 0,
    })),
    factors: stored.factors.map((f) => ({ dimension: f.feature, nameKey: nameKeyOf.get(f.feature) ?? f.feature, z: f.value, contribution: f.contribution })),
    texts: await definitionTexts(db, definition, locale, ['INTERACTION_BASE']),
  };
}
