// Risk profile (BQ_RISK and the BQA_RISK section): the tolerance class 1-7, lowered by the caps of capacity for
// loss, knowledge, horizon and loss reaction, with the reasons and a consistency flag (DESIGN.md section 4).
import { modelPortfolio, type ModelPortfolio } from './model-portfolios';
import { forComparison } from './precision';

export const RISK_CLASS_MIN = 1;
export const RISK_CLASS_MAX = 7;

export interface CapBand {
  below: number;
  maxClass: number;
}

/** Structurally the risk rules of an interaction definition (ZRiskRules). */
export interface RiskRules {
  toleranceDimension: string;
  capacityDimension: string;
  lossReactionDimension: string;
  horizonDimension: string;
  knowledgeDimension: string;
  selfEstimateItem: string;
  /** Six ascending raw tolerance scores. */
  classCuts: readonly number[];
  caps: readonly { dimension: string; bands: readonly CapBand[] }[];
  consistencyFlagGap: number;
}

export interface AppliedCap {
  dimension: string;
  /** The raw score the cap looked at; null when the dimension was not computable. */
  score: number | null;
  /** The band that matched (the first with score < below), or null when none did. */
  band: CapBand | null;
  /** The highest class this cap allows: the band's maxClass, 7 when no band matched. */
  maxClass: number;
  /** True when the cap is below the tolerance class, i.e. it lowered (or helped lower) the suitable class. */
  lowers: boolean;
  /** True when the score was missing and the most restrictive band was applied instead. */
  assumed: boolean;
}

export type ConsistencyReason =
  | { kind: 'tolerance_vs_capacity'; toleranceClass: number; otherClass: number; gap: number }
  | { kind: 'tolerance_vs_self_estimate'; toleranceClass: number; otherClass: number; gap: number };

export interface RiskProfile {
  toleranceScore: number;
  /** 1 + the number of class cuts at or below the tolerance score. */
  toleranceClass: number;
  caps: AppliedCap[];
  /** The lowest maxClass over all caps (7 when none restricts). */
  capClass: number;
  /** clamp(min(toleranceClass, capClass), 1, 7): never above what any cap allows. */
  suitableClass: number;
  /** The class the capacity-for-loss cap allows; null when the rules have no cap on capacity or it was not computable. */
  capacityAllowedClass: number | null;
  selfEstimate: number | null;
  consistency: { flagged: boolean; reasons: ConsistencyReason[] };
  portfolio: ModelPortfolio;
}

const clampClass = (c: number) => Math.min(RISK_CLASS_MAX, Math.max(RISK_CLASS_MIN, c));
const isScore = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** A tolerance below cut i (0-based) gives class i + 1; at or above the last cut, class 7. */
export function toleranceClass(score: number, classCuts: readonly number[]): number {
  if (classCuts.length !== RISK_CLASS_MAX - RISK_CLASS_MIN)
    throw new RangeError(`risk rules need ${RISK_CLASS_MAX - RISK_CLASS_MIN} class cuts`);
  if (classCuts.some((cut, i) => i > 0 && cut <= classCuts[i - 1]!))
    throw new RangeError('class cuts ascend strictly');
  const value = forComparison(score);
  return RISK_CLASS_MIN + classCuts.filter((cut) => value >= cut).length;
}

/**
 * One cap: the first band (in the order given, ascending) whose `below` exceeds the score sets the maximum
 * class. A dimension that is not computable cannot justify a higher class, so its most restrictive band (the
 * lowest maxClass) applies and the cap says it was assumed.
 */
export function applyCap(
  cap: RiskRules['caps'][number],
  score: number | null | undefined,
  tolerance: number,
): AppliedCap {
  if (!isScore(score)) {
    const band = cap.bands.reduce((low, b) => (b.maxClass < low.maxClass ? b : low), cap.bands[0]!);
    const maxClass = clampClass(band.maxClass);
    return {
      dimension: cap.dimension,
      score: null,
      band,
      maxClass,
      lowers: maxClass < tolerance,
      assumed: true,
    };
  }
  const value = forComparison(score);
  const band = cap.bands.find((b) => value < b.below) ?? null;
  const maxClass = band ? clampClass(band.maxClass) : RISK_CLASS_MAX;
  return { dimension: cap.dimension, score, band, maxClass, lowers: maxClass < tolerance, assumed: false };
}

/**
 * The risk profile from raw dimension scores (dimension key -> mean item score, null when not computable) and
 * the self-estimate answer (1-7, or null when not given). Null when the tolerance itself is not computable:
 * there is then no class to adjust. The consistency flag compares only known values: tolerance class against
 * the capacity-allowed class and against the self-estimate, flagged when either gap reaches consistencyFlagGap.
 */
export function riskProfile(
  rawScores: Readonly<Record<string, number | null | undefined>>,
  selfEstimate: number | null,
  rules: RiskRules,
): RiskProfile | null {
  if (
    selfEstimate !== null &&
    !(Number.isInteger(selfEstimate) && selfEstimate >= RISK_CLASS_MIN && selfEstimate <= RISK_CLASS_MAX)
  ) {
    throw new RangeError(
      `the self-estimate is a whole number ${RISK_CLASS_MIN}-${RISK_CLASS_MAX} or null, got ${selfEstimate}`,
    );
  }
  const toleranceScore = rawScores[rules.toleranceDimension];
  if (!isScore(toleranceScore)) return null;
  const tolerance = toleranceClass(toleranceScore, rules.classCuts);

  const caps = rules.caps.map((cap) => applyCap(cap, rawScores[cap.dimension], tolerance));
  const capClass = caps.reduce((low, c) => Math.min(low, c.maxClass), RISK_CLASS_MAX);
  const suitableClass = clampClass(Math.min(tolerance, capClass));

  const capacityCaps = caps.filter((c) => c.dimension === rules.capacityDimension && !c.assumed);
  const capacityAllowedClass =
    capacityCaps.length > 0 ? Math.min(...capacityCaps.map((c) => c.maxClass)) : null;

  const reasons: ConsistencyReason[] = [];
  if (
    capacityAllowedClass !== null &&
    Math.abs(tolerance - capacityAllowedClass) >= rules.consistencyFlagGap
  ) {
    reasons.push({
      kind: 'tolerance_vs_capacity',
      toleranceClass: tolerance,
      otherClass: capacityAllowedClass,
      gap: Math.abs(tolerance - capacityAllowedClass),
    });
  }
  if (selfEstimate !== null && Math.abs(tolerance - selfEstimate) >= rules.consistencyFlagGap) {
    reasons.push({
      kind: 'tolerance_vs_self_estimate',
      toleranceClass: tolerance,
      otherClass: selfEstimate,
      gap: Math.abs(tolerance - selfEstimate),
    });
  }

  return {
    toleranceScore,
    toleranceClass: tolerance,
    caps,
    capClass,
    suitableClass,
    capacityAllowedClass,
    selfEstimate,
    consistency: { flagged: reasons.length > 0, reasons },
    portfolio: modelPortfolio(suitableClass),
  };
}
