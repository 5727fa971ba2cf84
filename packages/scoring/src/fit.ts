// Fit of a result to a weight profile (requirement profile): 0-100, explained per dimension as the gap to the
// target times its weight (DESIGN.md section 4).

/** The only weights a profile may use: each step doubles a dimension's importance. */
export const FIT_WEIGHTS = [1, 2, 4, 8, 16] as const;
export type FitWeight = (typeof FIT_WEIGHTS)[number];

/**
 * Gaps are measured on the T scale (mean 50, sd 10), so dimensions with different raw ranges count alike, and
 * divided by this maximum: 40 T points = 4 norm sds, e.g. a target of 70 against a score of 30. A larger gap
 * counts as 40 (the normalised gap is capped at 1), so one extreme dimension cannot take more than its weight.
 */
export const MAX_T_GAP = 40;

export interface ProfileTarget {
  /** Target on the T scale. */
  target: number;
  weight: number;
}

/** Thrown for a weight outside 1, 2, 4, 8, 16 or a target that is not a finite number. */
export class InvalidProfileError extends Error {
  readonly code = 'scoring.invalid_weight_profile';
  constructor(
    readonly dimension: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidProfileError';
  }
}

export interface FitContribution {
  key: string;
  /** The participant's T-score; null when the dimension was not computable (then it is left out of the fit). */
  score: number | null;
  target: number;
  weight: number;
  /** |score - target| in T points. */
  gap: number | null;
  /** min(gap / 40, 1). */
  normalisedGap: number | null;
  /** weight * normalisedGap. */
  weightedGap: number | null;
  /** Fit points this dimension costs: 100 * weightedGap / sum of weights used. They add up to 100 - exact fit. */
  pointsLost: number | null;
}

export interface FitResult {
  /** Whole number 0-100; null when no profiled dimension has a score. */
  fit: number | null;
  /** Unrounded, for ordering candidates with the same whole-number fit. */
  exact: number | null;
  contributions: FitContribution[];
  /** Profiled dimensions without a score; their weight is left out of the denominator. */
  missing: string[];
}

export function validateProfile(profile: Readonly<Record<string, ProfileTarget>>): void {
  for (const [key, { target, weight }] of Object.entries(profile)) {
    if (!(FIT_WEIGHTS as readonly number[]).includes(weight)) {
      throw new InvalidProfileError(
        key,
        `dimension ${key}: weight ${weight} is not one of ${FIT_WEIGHTS.join(', ')}`,
      );
    }
    if (!Number.isFinite(target))
      throw new InvalidProfileError(key, `dimension ${key}: target ${target} is not a number`);
  }
}

/**
 * fit = round(100 * (1 - sum(weight * min(|T - target| / 40, 1)) / sum(weight))), over the profiled dimensions
 * that have a score. A dimension that was not computable is left out (and listed in `missing`) rather than
 * counted as a perfect or a worst match, either of which would be a guess. Dimensions of the result that the
 * profile does not name do not count.
 */
export function profileFit(
  scores: Readonly<Record<string, number | null | undefined>>,
  profile: Readonly<Record<string, ProfileTarget>>,
): FitResult {
  validateProfile(profile);
  const keys = Object.keys(profile).sort();
  const present = keys.filter((k) => typeof scores[k] === 'number' && Number.isFinite(scores[k]));
  const weightSum = present.reduce((sum, k) => sum + profile[k]!.weight, 0);
  const contributions = keys.map((key): FitContribution => {
    const { target, weight } = profile[key]!;
    const score = scores[key];
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      return {
        key,
        score: null,
        target,
        weight,
        gap: null,
        normalisedGap: null,
        weightedGap: null,
        pointsLost: null,
      };
    }
    const gap = Math.abs(score - target);
    const normalisedGap = Math.min(gap / MAX_T_GAP, 1);
    const weightedGap = weight * normalisedGap;
    return {
      key,
      score,
      target,
      weight,
      gap,
      normalisedGap,
      weightedGap,
      pointsLost: (100 * weightedGap) / weightSum,
    };
  });
  if (weightSum === 0) return { fit: null, exact: null, contributions, missing: keys };
  const lost = contributions.reduce((sum, c) => sum + (c.weightedGap ?? 0), 0);
  const exact = 100 * (1 - lost / weightSum);
  return {
    fit: Math.min(100, Math.max(0, Math.round(exact))),
    exact,
    contributions,
    missing: keys.filter((k) => !present.includes(k)),
  };
}
