// Norm-referenced scores (DESIGN.md section 4): z, T-score, stanine and percentile of a raw dimension score,
// with its standard error of measurement and 95 % band, and the whole scoring of one set of answers.
import { normalCdf } from './normal-distribution';
import { forComparison, roundTo } from './precision';
import { rawDimensionScores } from './raw-scores';
import { scoringDimensions, scoringItems, type Norm, type ScoringDefinition } from './scoring-definition';

/** The T scale: mean 50, sd 10. */
export const T_MEAN = 50;
export const T_SD = 10;
/** Half-width of the 95 % band in standard errors, as the design states it (1.96 SEM). */
export const BAND_Z = 1.96;
/**
 * Lower bounds of stanines 2..9 in z units. The bands hold 4/7/12/17/20/17/12/7/4 % of a normal norm group.
 * Convention: each band includes its lower cut-point, i.e. the bands are [cut_i, cut_i+1). So z = 0.25 is
 * stanine 6 and z = -0.25 is stanine 5, z = 1.75 is 9 and z = -1.75 is 2.
 */
export const STANINE_CUTS = [-1.75, -1.25, -0.75, -0.25, 0.25, 0.75, 1.25, 1.75] as const;
/** Whole percentiles are clamped here: 0 and 100 would claim that nobody, or everybody, in the norm group is below. */
export const PERCENTILE_MIN = 1;
export const PERCENTILE_MAX = 99;

export function zScore(raw: number, norm: Norm): number {
  if (!(norm.sd > 0)) throw new RangeError(`norm sd must be greater than 0, got ${norm.sd}`);
  return (raw - norm.mean) / norm.sd;
}

/** Exact T-score; round only for display (tScoreDisplay). */
export function tScore(z: number): number {
  return T_MEAN + T_SD * z;
}

/** T rounded to one decimal, half away from zero, as reports show it. */
export function tScoreDisplay(z: number): number {
  return roundTo(tScore(z), 1);
}

/** Stanine 1-9 by the cut-points above (lower cut inclusive); z is rounded to 9 decimals first (precision.ts). */
export function stanine(z: number): number {
  const value = forComparison(z);
  let band = 1;
  for (const cut of STANINE_CUTS) if (value >= cut) band += 1;
  return band;
}

/**
 * The share of the norm group at or below the score, in whole percent, from the normal distribution:
 * round(100 * Phi(z)), clamped to 1-99.
 */
export function percentile(z: number): number {
  const exact = Math.round(100 * normalCdf(z));
  return Math.min(PERCENTILE_MAX, Math.max(PERCENTILE_MIN, exact));
}

/** Standard error of measurement: SEM = sd * sqrt(1 - reliability), in the units of sd. */
export function standardError(sd: number, reliability: number): number {
  if (!(reliability >= 0 && reliability <= 1))
    throw new RangeError(`reliability lies in 0..1, got ${reliability}`);
  return sd * Math.sqrt(1 - reliability);
}

export interface ScoreBand {
  /** SEM in raw units (norm sd * sqrt(1 - r)) and in T units (10 * sqrt(1 - r)). */
  sem: number;
  semT: number;
  /** score +- 1.96 SEM. Not clipped to the scale: a band that reaches past the range says the score sits near its edge. */
  raw: { low: number; high: number };
  t: { low: number; high: number };
}

/** The 95 % band around a raw score: raw +- 1.96 SEM, and the same band on the T scale. */
export function scoreBand(raw: number, norm: Norm, reliability: number): ScoreBand {
  const sem = standardError(norm.sd, reliability);
  const semT = standardError(T_SD, reliability);
  const t = tScore(zScore(raw, norm));
  return {
    sem,
    semT,
    raw: { low: raw - BAND_Z * sem, high: raw + BAND_Z * sem },
    t: { low: t - BAND_Z * semT, high: t + BAND_Z * semT },
  };
}

export interface NormScore {
  z: number;
  /** Exact T (50 + 10z); tDisplay is the one-decimal value for reports. */
  t: number;
  tDisplay: number;
  stanine: number;
  percentile: number;
  band: ScoreBand;
}

export function normScore(raw: number, norm: Norm, reliability: number): NormScore {
  const z = zScore(raw, norm);
  return {
    z,
    t: tScore(z),
    tDisplay: tScoreDisplay(z),
    stanine: stanine(z),
    percentile: percentile(z),
    band: scoreBand(raw, norm, reliability),
  };
}

/** One dimension of a scored result; every norm field is null when the dimension is not computable. */
export interface DimensionScore {
  key: string;
  raw: number | null;
  z: number | null;
  t: number | null;
  tDisplay: number | null;
  stanine: number | null;
  percentile: number | null;
  band: ScoreBand | null;
  computable: boolean;
  answered: number;
  itemCount: number;
}

/** Scores every dimension of a definition for one participant's answers (item key -> scale value or option key). */
export function scoreDimensions(
  definition: ScoringDefinition,
  answers: Readonly<Record<string, unknown>>,
): DimensionScore[] {
  const raws = rawDimensionScores(scoringItems(definition), scoringDimensions(definition), answers);
  return raws.map((raw, i) => {
    const dimension = definition.dimensions[i]!;
    if (!raw.computable || raw.raw === null) {
      return { ...raw, z: null, t: null, tDisplay: null, stanine: null, percentile: null, band: null };
    }
    const score = normScore(raw.raw, dimension.norm, dimension.reliability);
    return {
      key: raw.key,
      raw: raw.raw,
      ...score,
      computable: true,
      answered: raw.answered,
      itemCount: raw.itemCount,
    };
  });
}
