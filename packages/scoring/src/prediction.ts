// Transparent, rule-based indications (GET /api/predict/bqp|bqa): each class of a model scores
// intercept + sum(weight * z-score) with coefficients from the interaction definition; the best-scoring class is
// the indication, with the factors that drove it. The coefficients are set by experts, not fitted to outcomes, so
// the engine gives no probability (decision 0014). A class may need a lowest suitable risk class (investment
// styles): it is then indicated only when the client's suitable class reaches it, so an indication never goes
// above the caps of the risk profile.

export interface RuleClass {
  key: string;
  intercept: number;
  /** Feature (usually a dimension key, valued by its z-score) -> weight. */
  weights: Readonly<Record<string, number>>;
  /** The lowest suitable risk class (1-7) this class fits; none: fits every class. */
  minRiskClass?: number;
}

export interface RuleModel {
  classes: readonly RuleClass[];
}

export interface LinearModel {
  intercept: number;
  weights: Readonly<Record<string, number>>;
}

/** Feature values, e.g. dimension z-scores; null when a dimension was not computable. */
export type Features = Readonly<Record<string, number | null | undefined>>;

/** Thrown when a model cannot be applied; the caller moves the instance to PREDICTION_ERROR, scores stay. */
export class PredictionError extends Error {
  readonly code = 'scoring.prediction';
  constructor(
    message: string,
    readonly missingFeatures: string[] = [],
  ) {
    super(message);
    this.name = 'PredictionError';
  }
}

export interface Factor {
  feature: string;
  value: number;
  weight: number;
  /** weight * value: how far this feature moved the score (the logit of the class, or the linear value). */
  contribution: number;
}

export interface ClassIndication {
  kind: 'rule';
  /** The best-scoring class the suitable risk class allows. */
  predictedClass: string;
  /** The best-scoring class of all, when it is not allowed (the caps lowered the indication); else null. */
  unconstrainedClass: string | null;
  /** Every class in model order with its score (only the order means something) and whether it is allowed. */
  scores: { key: string; score: number; allowed: boolean }[];
  /** The largest |contributions| to the indicated class's score, at most 3, largest first (ties by feature key). */
  factors: Factor[];
}

export interface LinearPrediction {
  kind: 'linear';
  value: number;
  factors: Factor[];
}

export const TOP_FACTORS = 3;

/**
 * Every feature a model uses must have a value: filling a missing one with 0 (the norm mean) would present a
 * guess as a prediction, so a missing feature is an error the adviser sees.
 */
function featureValues(
  weights: readonly Readonly<Record<string, number>>[],
  features: Features,
): Map<string, number> {
  const used = [...new Set(weights.flatMap((w) => Object.keys(w)))].sort();
  const missing = used.filter((f) => typeof features[f] !== 'number' || !Number.isFinite(features[f]));
  if (missing.length > 0) throw new PredictionError(`the model needs ${missing.join(', ')}`, missing);
  return new Map(used.map((f) => [f, features[f] as number]));
}

function factorsOf(weights: Readonly<Record<string, number>>, values: Map<string, number>): Factor[] {
  return Object.keys(weights)
    .sort()
    .map((feature) => {
      const weight = weights[feature]!;
      const value = values.get(feature)!;
      return { feature, value, weight, contribution: weight * value };
    });
}

const topFactors = (factors: Factor[]) =>
  [...factors]
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.feature.localeCompare(b.feature))
    .slice(0, TOP_FACTORS);

/**
 * score(class) = intercept + sum weight * value. The indication is the best-scoring class whose minRiskClass the
 * suitable risk class reaches; on equal scores the class listed first wins, so the same answers always name the
 * same class. A model whose classes need a risk class cannot indicate without one (PredictionError).
 */
export function indicateClass(
  model: RuleModel,
  features: Features,
  opts: { suitableRiskClass?: number | null } = {},
): ClassIndication {
  if (model.classes.length < 2) throw new PredictionError('a class model needs at least two classes');
  const values = featureValues(
    model.classes.map((c) => c.weights),
    features,
  );
  const capped = model.classes.some((c) => c.minRiskClass !== undefined);
  const suitable = opts.suitableRiskClass;
  if (capped && (typeof suitable !== 'number' || !Number.isFinite(suitable)))
    throw new PredictionError('the model names risk classes, so it needs the suitable risk class');
  const scores = model.classes.map((c) => ({
    key: c.key,
    score: c.intercept + factorsOf(c.weights, values).reduce((s, f) => s + f.contribution, 0),
    allowed: c.minRiskClass === undefined || (suitable as number) >= c.minRiskClass,
  }));
  const best = (candidates: typeof scores) =>
    candidates.reduce((winner, c) => (c.score > winner.score ? c : winner), candidates[0]!);
  const allowed = scores.filter((s) => s.allowed);
  if (allowed.length === 0) throw new PredictionError('no class of the model fits the suitable risk class');
  const indicated = best(allowed);
  const overall = best(scores);
  const predicted = model.classes.find((c) => c.key === indicated.key)!;
  return {
    kind: 'rule',
    predictedClass: indicated.key,
    unconstrainedClass: overall.key === indicated.key ? null : overall.key,
    scores,
    factors: topFactors(factorsOf(predicted.weights, values)),
  };
}

/** value = intercept + sum weight * value, with its largest contributions. */
export function predictLinear(model: LinearModel, features: Features): LinearPrediction {
  const values = featureValues([model.weights], features);
  const factors = factorsOf(model.weights, values);
  return {
    kind: 'linear',
    value: model.intercept + factors.reduce((s, f) => s + f.contribution, 0),
    factors: topFactors(factors),
  };
}
