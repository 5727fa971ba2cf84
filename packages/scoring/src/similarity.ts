// Similarity of two results' dimension profiles (BQS_COMP): profile shape (correlation) combined with level
// (distance), 0-100 whole number, or -1 when the two cannot be compared (DESIGN.md section 4).

/**
 * The level part counts a mean difference of 40 T points (4 norm sds) or more as no likeness at all. The fit had
 * the same scale until decision 0074 gave it its own; the similarity keeps this one (decision 0019).
 */
export const LEVEL_MAX_T_GAP = 40;
/** Returned instead of a similarity when the profiles cannot be compared. */
export const NOT_COMPARABLE = -1;
/** Shares of shape and level in the similarity; half each, so either alone can move it by at most 50 points. */
export const SHAPE_WEIGHT = 0.5;
export const LEVEL_WEIGHT = 0.5;
/**
 * A profile whose T-scores vary by less than this (population sd, in T points = 0.1 norm sd) has no shape
 * worth correlating: its ups and downs are far inside measurement error, and Pearson's r, which ignores scale,
 * would turn them into a full +1 or -1.
 */
export const FLAT_PROFILE_SD = 1;

export interface SimilarityInput {
  /** T-scores by dimension key; null for a dimension that was not computable. */
  scores: Readonly<Record<string, number | null>>;
  /** False when the caller knows the result cannot be compared (other interaction, not completed, other account). */
  comparable?: boolean;
}

export type NotComparableReason = 'flagged' | 'different_dimensions' | 'too_few_dimensions';

export interface SimilarityResult {
  /** Whole number 0-100, or -1 when not comparable. */
  similarity: number;
  /** shape = (r + 1) / 2 in 0..1 (1 = same pattern); null when not comparable. */
  shape: number | null;
  /** Pearson r of the two profiles; null when undefined (a flat profile) or not comparable. */
  correlation: number | null;
  /** level = 1 - min(mean |a - b| / 40, 1) in 0..1 (1 = same height); null when not comparable. */
  level: number | null;
  /** Mean absolute difference in T points. */
  meanAbsoluteDifference: number | null;
  /** The dimensions both profiles have a score for, in key order. */
  dimensions: string[];
  reason: NotComparableReason | null;
}

const notComparable = (reason: NotComparableReason): SimilarityResult => ({
  similarity: NOT_COMPARABLE,
  shape: null,
  correlation: null,
  level: null,
  meanAbsoluteDifference: null,
  dimensions: [],
  reason,
});

const isScore = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

function populationSd(values: readonly number[], mean: number): number {
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

/**
 * similarity = round(100 * (0.5 * shape + 0.5 * level)) over the dimensions both profiles have scored, where
 * shape = (r + 1) / 2 from Pearson's r (same pattern of highs and lows) and level = 1 - min(mean |a - b| / 40, 1)
 * (same height). Identical profiles give exactly 100; swapping a and b changes nothing.
 * A flat profile (sd < 1 T point) has no shape: two flat profiles share it (shape 1); a flat one against a
 * shaped one gives the neutral shape 0.5, so only the level decides.
 * Not comparable (-1): either input flagged, different dimension keys, or fewer than 2 dimensions scored in both.
 */
export function profileSimilarity(a: SimilarityInput, b: SimilarityInput): SimilarityResult {
  if (a.comparable === false || b.comparable === false) return notComparable('flagged');
  const keysA = Object.keys(a.scores).sort();
  const keysB = Object.keys(b.scores).sort();
  if (keysA.length !== keysB.length || keysA.some((k, i) => k !== keysB[i]))
    return notComparable('different_dimensions');
  const dimensions = keysA.filter((k) => isScore(a.scores[k]) && isScore(b.scores[k]));
  if (dimensions.length < 2) return notComparable('too_few_dimensions');

  const x = dimensions.map((k) => a.scores[k]!);
  const y = dimensions.map((k) => b.scores[k]!);
  const n = dimensions.length;
  const meanX = x.reduce((s, v) => s + v, 0) / n;
  const meanY = y.reduce((s, v) => s + v, 0) / n;
  const meanAbsoluteDifference = x.reduce((s, v, i) => s + Math.abs(v - y[i]!), 0) / n;
  const level = 1 - Math.min(meanAbsoluteDifference / LEVEL_MAX_T_GAP, 1);

  const flatX = populationSd(x, meanX) < FLAT_PROFILE_SD;
  const flatY = populationSd(y, meanY) < FLAT_PROFILE_SD;
  let correlation: number | null = null;
  let shape: number;
  if (flatX && flatY) shape = 1;
  else if (flatX || flatY) shape = 0.5;
  else {
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < n; i++) {
      sxy += (x[i]! - meanX) * (y[i]! - meanY);
      sxx += (x[i]! - meanX) ** 2;
      syy += (y[i]! - meanY) ** 2;
    }
    // Rounding can push r a hair past +-1; clamp so shape stays in 0..1.
    correlation = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
    shape = (correlation + 1) / 2;
  }
  const similarity = Math.min(
    100,
    Math.max(0, Math.round(100 * (SHAPE_WEIGHT * shape + LEVEL_WEIGHT * level))),
  );
  return { similarity, shape, correlation, level, meanAbsoluteDifference, dimensions, reason: null };
}
