// Transparent predictions (GET /api/predict/bqp|bqa): a multinomial logistic (softmax) model over classes and
// a linear model, with coefficients from the interaction definition and the factors that drove the answer.

export interface SoftmaxClass {
  key: string;
  intercept: number;
  /** Feature (usually a dimension key, valued by its z-score) -> weight. */
  weights: Readonly<Record<string, number>>;
}

export interface SoftmaxModel {
  classes: readonly SoftmaxClass[];
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

export interface ClassPrediction {
  kind: 'softmax';
  predictedClass: string;
  probability: number;
  /** Every class in model order. */
  probabilities: { key: string; probability: number }[];
  /** The largest |contributions| to the predicted class's logit, at most 3, largest first (ties by feature key). */
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
 * p(class) = exp(logit) / sum exp(logits), logit = intercept + sum weight * value. The largest logit is
 * subtracted before exponentiating so large coefficients cannot overflow; it cancels in the ratio. On equal
 * probabilities the class listed first wins, so the same answers always name the same class.
 */
export function predictClass(model: SoftmaxModel, features: Features): ClassPrediction {
  if (model.classes.length < 2) throw new PredictionError('a class model needs at least two classes');
  const values = featureValues(
    model.classes.map((c) => c.weights),
    features,
  );
  const logits = model.classes.map(
    (c) => c.intercept + factorsOf(c.weights, values).reduce((s, f) => s + f.contribution, 0),
  );
  const top = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - top));
  const total = exps.reduce((a, b) => a + b, 0);
  const probabilities = model.classes.map((c, i) => ({ key: c.key, probability: exps[i]! / total }));
  let winner = 0;
  probabilities.forEach((p, i) => {
    if (p.probability > probabilities[winner]!.probability) winner = i;
  });
  const predicted = model.classes[winner]!;
  return {
    kind: 'softmax',
    predictedClass: predicted.key,
    probability: probabilities[winner]!.probability,
    probabilities,
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
