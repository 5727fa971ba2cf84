// Fit of a result to a weight profile (requirement profile): 0-100, explained per dimension by its weight and its
// gap to the target (DESIGN.md section 4; the formula and its reasons: docs/decisions/0074).

/** The only weights a profile may use: each step doubles a dimension's importance. */
export const FIT_WEIGHTS = [1, 2, 4, 8, 16] as const;
export type FitWeight = (typeof FIT_WEIGHTS)[number];

/** Scores and targets are T-scores (mean 50, sd 10): a gap of 10 T points is one norm standard deviation. */
export const T_POINTS_PER_SD = 10;
/**
 * k in fit = 100 * exp(-k * D^2). 0.75 puts a candidate 2 sds from every target at 100 * e^-3 = 5 (near 0),
 * 1 sd at 47 and 0.5 sd at 83: gaps inside measurement error cost little, real shortfalls cost a lot.
 */
export const FIT_STEEPNESS = 0.75;

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
  /** The gap in norm sds: gap / 10. */
  gapSd: number | null;
  /** weight * gapSd^2: this dimension's term in the weighted mean of squared gaps. */
  weightedSquaredGap: number | null;
  /**
   * Fit points this dimension costs: (100 - exact fit) shared in proportion to weightedSquaredGap, so they add up
   * to 100 - exact fit. 0 on target; null without a score.
   */
  pointsLost: number | null;
}

export interface FitResult {
  /** Whole number 0-100; null when no profiled dimension has a score. */
  fit: number | null;
  /** Unrounded, for ordering candidates with the same whole-number fit. */
  exact: number | null;
  /** D: the weighted root-mean-square gap in norm sds; null like fit. */
  rmsGapSd: number | null;
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

/** The unrounded fit of a candidate whose weighted root-mean-square gap is `rmsGapSd` norm sds. */
export function fitFromRmsGap(rmsGapSd: number): number {
  return 100 * Math.exp(-FIT_STEEPNESS * rmsGapSd * rmsGapSd);
}

/**
 * fit = round(100 * exp(-0.75 * D^2)), D^2 = sum(weight * gapSd^2) / sum(weight), gapSd = |T - target| / 10,
 * over the profiled dimensions that have a score.
 *
 * - 100 exactly when every dimension is on target; 83, 47, 18, 5 when every dimension is 0.5, 1, 1.5, 2 sds off.
 * - A gap above the target counts like one below: a target is the level the role (or the investor type) wants,
 *   not a minimum (targets run from 20 to 80, and a risk tolerance far above the profile is a misfit too).
 * - Squared gaps: one large gap on a heavy dimension is not made good by small gaps elsewhere, and small gaps
 *   (inside a T-score's measurement error) cost little. Monotone: a candidate at least as near every target
 *   never scores lower. No cap per dimension: the exponential already takes the fit towards 0.
 * - A dimension that was not computable is left out (and listed in `missing`) rather than counted as a perfect
 *   or a worst match, either of which would be a guess. Dimensions the profile does not name do not count.
 */
export function profileFit(
  scores: Readonly<Record<string, number | null | undefined>>,
  profile: Readonly<Record<string, ProfileTarget>>,
): FitResult {
  validateProfile(profile);
  const keys = Object.keys(profile).sort();
  const present = keys.filter((k) => typeof scores[k] === 'number' && Number.isFinite(scores[k]));
  const missing = keys.filter((k) => !present.includes(k));
  const weightSum = present.reduce((sum, k) => sum + profile[k]!.weight, 0);
  const terms = keys.map((key) => {
    const { target, weight } = profile[key]!;
    const score = scores[key];
    if (typeof score !== 'number' || !Number.isFinite(score)) return { key, score: null, target, weight };
    const gap = Math.abs(score - target);
    const gapSd = gap / T_POINTS_PER_SD;
    return { key, score, target, weight, gap, gapSd, weightedSquaredGap: weight * gapSd * gapSd };
  });
  const squaredSum = terms.reduce((sum, c) => sum + (c.weightedSquaredGap ?? 0), 0);
  const rmsGapSd = weightSum === 0 ? null : Math.sqrt(squaredSum / weightSum);
  const exact = rmsGapSd === null ? null : fitFromRmsGap(rmsGapSd);
  const contributions = terms.map((c): FitContribution => ({
    key: c.key,
    score: c.score,
    target: c.target,
    weight: c.weight,
    gap: c.gap ?? null,
    gapSd: c.gapSd ?? null,
    weightedSquaredGap: c.weightedSquaredGap ?? null,
    pointsLost:
      c.weightedSquaredGap === undefined || exact === null
        ? null
        : squaredSum === 0
          ? 0
          : ((100 - exact) * c.weightedSquaredGap) / squaredSum,
  }));
  return {
    fit: exact === null ? null : Math.min(100, Math.max(0, Math.round(exact))),
    exact,
    rmsGapSd,
    contributions,
    missing,
  };
}
