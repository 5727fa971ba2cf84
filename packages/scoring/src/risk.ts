// Risk profile (BQ_RISK and the BQA_RISK section): the tolerance class 1-7, lowered by the caps of capacity for
// loss, knowledge, horizon and loss reaction and (definitions of version 2, decision 0013) by hard rules on single
// answers: the stated horizon, liquidity needs, dependence on the capital, borrowing, the objective, the loss
// bearable in percent and in money, and the knowledge test. With the reasons and a consistency flag (DESIGN.md 4).
import { modelPortfolio, type ModelPortfolio } from './model-portfolios';
import { forComparison } from './precision';

export const RISK_CLASS_MIN = 1;
export const RISK_CLASS_MAX = 7;

export interface CapBand {
  below: number;
  maxClass: number;
}

/** A hard rule on one choice answer: option key -> the highest class it allows (options left out allow 7). */
export interface AnswerCapRule {
  key: string;
  item: string;
  nameKey: string;
  maxClass: Readonly<Record<string, number>>;
}

/** The loss the client accepts in percent, and the loss bearable in money against the amount to invest. */
export interface LossCapRules {
  /** Severe one-year fall per class 1-7 (fractions), non-decreasing. */
  classLoss: readonly number[];
  percent: { item: string; nameKey: string; share: Readonly<Record<string, number>> };
  money: {
    item: string;
    amountItem: string;
    nameKey: string;
    loss: Readonly<Record<string, number>>;
    amount: Readonly<Record<string, number>>;
  };
}

export interface KnowledgeTestRule {
  nameKey: string;
  questions: readonly { item: string; correct: string; explainKey: string }[];
  /** Index = questions not answered correctly; value = the highest class allowed. */
  maxClassByFailed: readonly number[];
}

export interface ConsistencyRule {
  compare: 'SELF_ESTIMATE_VS_SUITABLE';
  minGap: number;
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
  /** Legacy flag (version 1 definitions): tolerance class vs capacity-allowed class and vs self-estimate. */
  consistencyFlagGap?: number;
  /** The flag since version 2: self-estimate vs suitable class, either direction. */
  consistency?: ConsistencyRule;
  answerCaps?: readonly AnswerCapRule[];
  lossCaps?: LossCapRules;
  knowledgeTest?: KnowledgeTestRule;
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

/**
 * A hard rule as applied to the answers. ANSWER: one choice answer; LOSS_PERCENT / LOSS_MONEY: the bearable fall
 * (share = the fraction of the amount invested); KNOWLEDGE_TEST: the items answered wrongly or not at all.
 */
export type AppliedRule =
  | { kind: 'ANSWER'; key: string; item: string; answer: string | null; maxClass: number; lowers: boolean; assumed: boolean }
  | { kind: 'LOSS_PERCENT'; key: 'loss_percent'; item: string; answer: string | null; share: number | null; maxClass: number; lowers: boolean; assumed: boolean }
  | {
      kind: 'LOSS_MONEY';
      key: 'loss_money';
      item: string;
      answer: string | null;
      amountItem: string;
      amountAnswer: string | null;
      share: number | null;
      maxClass: number;
      lowers: boolean;
      assumed: boolean;
    }
  | { kind: 'KNOWLEDGE_TEST'; key: 'knowledge_test'; asked: number; failed: string[]; maxClass: number; lowers: boolean; assumed: false };

export type ConsistencyReason =
  | { kind: 'tolerance_vs_capacity'; toleranceClass: number; otherClass: number; gap: number }
  | { kind: 'tolerance_vs_self_estimate'; toleranceClass: number; otherClass: number; gap: number }
  | { kind: 'self_estimate_above_suitable' | 'self_estimate_below_suitable'; selfEstimate: number; suitableClass: number; gap: number };

export type ConsistencyDirection = 'ABOVE' | 'BELOW';

export interface RiskProfile {
  toleranceScore: number;
  /** 1 + the number of class cuts at or below the tolerance score. */
  toleranceClass: number;
  caps: AppliedCap[];
  /** Version 2 rules only: the hard rules on single answers, as applied. */
  rules?: AppliedRule[];
  /** Version 2 rules only: the knowledge test, and what must be explained first (one entry per failed question). */
  knowledge?: { asked: number; failed: { item: string; explainKey: string }[] };
  /** The lowest maxClass over all caps and rules (7 when none restricts). */
  capClass: number;
  /** clamp(min(toleranceClass, capClass), 1, 7): never above what any cap allows. */
  suitableClass: number;
  /** The class the capacity-for-loss cap allows; null when the rules have no cap on capacity or it was not computable. */
  capacityAllowedClass: number | null;
  selfEstimate: number | null;
  /** Version 2: at most one reason, and `direction` says which way the client's own view differs from the verdict. */
  consistency: { flagged: boolean; reasons: ConsistencyReason[]; direction?: ConsistencyDirection | null };
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

const answerOf = (answers: Readonly<Record<string, unknown>>, item: string): string | null => {
  const value = answers[item];
  return typeof value === 'string' ? value : null;
};

/**
 * A hard rule on one answer. A missing answer cannot justify a higher class, so (like a cap dimension that is not
 * computable) the most restrictive class the rule names applies, marked as assumed.
 */
export function applyAnswerCap(rule: AnswerCapRule, answers: Readonly<Record<string, unknown>>, tolerance: number): AppliedRule {
  const answer = answerOf(answers, rule.item);
  const assumed = answer === null;
  const maxClass = clampClass(
    assumed ? Math.min(...Object.values(rule.maxClass)) : (rule.maxClass[answer] ?? RISK_CLASS_MAX),
  );
  return { kind: 'ANSWER', key: rule.key, item: rule.item, answer, maxClass, lowers: maxClass < tolerance, assumed };
}

/** The highest class whose severe one-year fall does not exceed the bearable share; class 1 when even that one's does. */
export function classForLoss(share: number, classLoss: readonly number[]): number {
  let allowed = RISK_CLASS_MIN;
  classLoss.forEach((loss, i) => {
    if (forComparison(loss) <= forComparison(share)) allowed = Math.max(allowed, i + RISK_CLASS_MIN);
  });
  return allowed;
}

/** The loss caps: the fall accepted in percent, and the money bearable as a share of the amount to invest. */
export function applyLossCaps(rules: LossCapRules, answers: Readonly<Record<string, unknown>>, tolerance: number): AppliedRule[] {
  const percentAnswer = answerOf(answers, rules.percent.item);
  const percentShare = percentAnswer === null ? null : (rules.percent.share[percentAnswer] ?? null);
  const percentClass = percentShare === null ? RISK_CLASS_MIN : classForLoss(percentShare, rules.classLoss);

  const lossAnswer = answerOf(answers, rules.money.item);
  const amountAnswer = answerOf(answers, rules.money.amountItem);
  const loss = lossAnswer === null ? undefined : rules.money.loss[lossAnswer];
  const amount = amountAnswer === null ? undefined : rules.money.amount[amountAnswer];
  const moneyShare = loss !== undefined && amount !== undefined ? Math.min(1, loss / amount) : null;
  const moneyClass = moneyShare === null ? RISK_CLASS_MIN : classForLoss(moneyShare, rules.classLoss);
  return [
    {
      kind: 'LOSS_PERCENT',
      key: 'loss_percent',
      item: rules.percent.item,
      answer: percentAnswer,
      share: percentShare,
      maxClass: percentClass,
      lowers: percentClass < tolerance,
      assumed: percentShare === null,
    },
    {
      kind: 'LOSS_MONEY',
      key: 'loss_money',
      item: rules.money.item,
      answer: lossAnswer,
      amountItem: rules.money.amountItem,
      amountAnswer,
      share: moneyShare,
      maxClass: moneyClass,
      lowers: moneyClass < tolerance,
      assumed: moneyShare === null,
    },
  ];
}

/** The knowledge test: every question not answered with its correct option (wrong, "don't know", or left out) counts as failed. */
export function applyKnowledgeTest(
  rule: KnowledgeTestRule,
  answers: Readonly<Record<string, unknown>>,
  tolerance: number,
): { applied: AppliedRule; failed: { item: string; explainKey: string }[] } {
  const failed = rule.questions.filter((q) => answerOf(answers, q.item) !== q.correct);
  const maxClass = clampClass(rule.maxClassByFailed[Math.min(failed.length, rule.maxClassByFailed.length - 1)]!);
  return {
    applied: {
      kind: 'KNOWLEDGE_TEST',
      key: 'knowledge_test',
      asked: rule.questions.length,
      failed: failed.map((q) => q.item),
      maxClass,
      lowers: maxClass < tolerance,
      assumed: false,
    },
    failed: failed.map((q) => ({ item: q.item, explainKey: q.explainKey })),
  };
}

/**
 * The flag of version 2 (decision 0013): the client's own estimate against the suitable class, the class the
 * adviser will recommend. One comparison, so one reason and one direction: ABOVE when the client sees themselves
 * riskier than the verdict allows, BELOW when more cautious than the verdict; minGap classes or more apart. A
 * tolerance below what capacity allows is not flagged: the verdict already follows the lower of the two.
 */
export function consistencyOfVerdict(
  selfEstimate: number | null,
  suitableClass: number,
  rule: ConsistencyRule,
): RiskProfile['consistency'] {
  if (selfEstimate === null) return { flagged: false, reasons: [], direction: null };
  const gap = Math.abs(selfEstimate - suitableClass);
  if (gap < rule.minGap) return { flagged: false, reasons: [], direction: null };
  const above = selfEstimate > suitableClass;
  return {
    flagged: true,
    reasons: [{ kind: above ? 'self_estimate_above_suitable' : 'self_estimate_below_suitable', selfEstimate, suitableClass, gap }],
    direction: above ? 'ABOVE' : 'BELOW',
  };
}

/** The legacy flag of version 1 definitions, kept so their results recompute unchanged. */
function legacyConsistency(
  tolerance: number,
  capacityAllowedClass: number | null,
  selfEstimate: number | null,
  gapLimit: number,
): RiskProfile['consistency'] {
  const reasons: ConsistencyReason[] = [];
  if (capacityAllowedClass !== null && Math.abs(tolerance - capacityAllowedClass) >= gapLimit) {
    reasons.push({
      kind: 'tolerance_vs_capacity',
      toleranceClass: tolerance,
      otherClass: capacityAllowedClass,
      gap: Math.abs(tolerance - capacityAllowedClass),
    });
  }
  if (selfEstimate !== null && Math.abs(tolerance - selfEstimate) >= gapLimit) {
    reasons.push({
      kind: 'tolerance_vs_self_estimate',
      toleranceClass: tolerance,
      otherClass: selfEstimate,
      gap: Math.abs(tolerance - selfEstimate),
    });
  }
  return { flagged: reasons.length > 0, reasons };
}

/**
 * The risk profile from raw dimension scores (dimension key -> mean item score, null when not computable), the
 * self-estimate answer (1-7, or null when not given) and, for the hard rules of version 2 definitions, the
 * answers themselves. Null when the tolerance itself is not computable: there is then no class to adjust.
 * Every cap and rule is a ceiling: the suitable class is the tolerance class or the lowest ceiling, whichever is
 * lower, so no answer on attitude can outvote a stated horizon, a liquidity need or a failed knowledge test.
 */
export function riskProfile(
  rawScores: Readonly<Record<string, number | null | undefined>>,
  selfEstimate: number | null,
  rules: RiskRules,
  answers: Readonly<Record<string, unknown>> = {},
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
  const hasRules = Boolean(rules.answerCaps || rules.lossCaps || rules.knowledgeTest);
  const applied: AppliedRule[] = (rules.answerCaps ?? []).map((rule) => applyAnswerCap(rule, answers, tolerance));
  if (rules.lossCaps) applied.push(...applyLossCaps(rules.lossCaps, answers, tolerance));
  const test = rules.knowledgeTest ? applyKnowledgeTest(rules.knowledgeTest, answers, tolerance) : null;
  if (test) applied.push(test.applied);

  const capClass = [...caps, ...applied].reduce((low, c) => Math.min(low, c.maxClass), RISK_CLASS_MAX);
  const suitableClass = clampClass(Math.min(tolerance, capClass));

  const capacityCaps = caps.filter((c) => c.dimension === rules.capacityDimension && !c.assumed);
  const capacityAllowedClass =
    capacityCaps.length > 0 ? Math.min(...capacityCaps.map((c) => c.maxClass)) : null;

  let consistency: RiskProfile['consistency'];
  if (rules.consistency) consistency = consistencyOfVerdict(selfEstimate, suitableClass, rules.consistency);
  else if (rules.consistencyFlagGap !== undefined)
    consistency = legacyConsistency(tolerance, capacityAllowedClass, selfEstimate, rules.consistencyFlagGap);
  else throw new RangeError('risk rules name no consistency rule');

  return {
    toleranceScore,
    toleranceClass: tolerance,
    caps,
    ...(hasRules ? { rules: applied } : {}),
    ...(test ? { knowledge: { asked: rules.knowledgeTest!.questions.length, failed: test.failed } } : {}),
    capClass,
    suitableClass,
    capacityAllowedClass,
    selfEstimate,
    consistency,
    portfolio: modelPortfolio(suitableClass),
  };
}
