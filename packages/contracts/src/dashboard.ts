// Result dashboards (DESIGN.md sections 3-4, spec sections 3 and 7): the scored result of one instance, its
// locale-dependent content (texts and the BQA_RISK charts), predictions and the similarity of two results.
import { z } from 'zod';
import { ZMarketRiskClass } from './market-risk';
import { ZResultPortfolioCheck } from './portfolio';
import { ZAnonymizedFields } from './anonymisation';
import { INTERACTION_STATUSES } from '@bq/domain/interaction-lifecycle';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { EXPERIENCE_ANSWERS } from '@bq/domain/knowledge-evidence';
import { ZResultFit } from './weights';
import { ZResultDecisions } from './fairness';

export const DASHBOARD_KINDS = ['bqa', 'bqp', 'sa'] as const;
export type DashboardKindParam = (typeof DASHBOARD_KINDS)[number];

/** How a stanine reads in words: 1-2 low, 3 below average, 4-6 average, 7 above average, 8-9 high. */
export const SCORE_LEVELS = ['LOW', 'BELOW_AVERAGE', 'AVERAGE', 'ABOVE_AVERAGE', 'HIGH'] as const;
export type ScoreLevel = (typeof SCORE_LEVELS)[number];

/**
 * The one band system of a score (decision 0014): the level in words follows the stanine, and the shading of the
 * T scale shows the same bands in T units, from the stanine cut-points z = +-0.75 and +-1.25 (T = 50 + 10z).
 * Each band includes its lower bound, as the stanines do. Label and shading can therefore not disagree.
 */
export const SCORE_LEVEL_BANDS: readonly { level: ScoreLevel; stanines: readonly number[]; tFrom: number; tTo: number }[] = [
  { level: 'LOW', stanines: [1, 2], tFrom: -Infinity, tTo: 37.5 },
  { level: 'BELOW_AVERAGE', stanines: [3], tFrom: 37.5, tTo: 42.5 },
  { level: 'AVERAGE', stanines: [4, 5, 6], tFrom: 42.5, tTo: 57.5 },
  { level: 'ABOVE_AVERAGE', stanines: [7], tFrom: 57.5, tTo: 62.5 },
  { level: 'HIGH', stanines: [8, 9], tFrom: 62.5, tTo: Infinity },
];

/** The level of a stanine (null for a score that could not be computed). */
export function scoreLevelOfStanine(stanine: number | null | undefined): ScoreLevel | null {
  if (stanine == null) return null;
  return SCORE_LEVEL_BANDS.find((band) => band.stanines.includes(stanine))?.level ?? null;
}

/** The level band a T-score falls in (lower bound inclusive). */
export function scoreLevelBandOfT(t: number): (typeof SCORE_LEVEL_BANDS)[number] {
  return SCORE_LEVEL_BANDS.find((band) => t >= band.tFrom && t < band.tTo) ?? SCORE_LEVEL_BANDS[SCORE_LEVEL_BANDS.length - 1]!;
}

/** Knowledge and experience as the client answered them (@bq/domain/knowledge-evidence). */
export const ZKnowledgeEvidence = z
  .object({
    experience: z.array(z.object({ item: z.string(), answer: z.enum(EXPERIENCE_ANSWERS) })),
    test: z.object({ asked: z.number().int(), correct: z.number().int() }).nullable(),
    cap: z.enum(SCORE_LEVELS),
  })
  .meta({ id: 'KnowledgeEvidence' });

export const ZDimensionResult = z
  .object({
    key: z.string(),
    computable: z.boolean(),
    answered: z.number().int(),
    itemCount: z.number().int(),
    raw: z.number().nullable(),
    z: z.number().nullable(),
    /** T-score with one decimal (mean 50, sd 10). */
    t: z.number().nullable(),
    stanine: z.number().int().min(1).max(9).nullable(),
    percentile: z.number().int().min(1).max(99).nullable(),
    /** The 95 % band of the T-score (T +- 1.96 SEM). */
    band: z.object({ low: z.number(), high: z.number() }).nullable(),
    /** The level in words: the stanine's, for knowledge never stronger than the answers (`knowledge.cap`). */
    level: z.enum(SCORE_LEVELS).nullable(),
    /** The knowledge dimension of a risk result: what the client answered (docs/decisions/0086). */
    knowledge: ZKnowledgeEvidence.nullable().optional(),
  })
  .meta({ id: 'DimensionResult' });
export type TDimensionResult = z.infer<typeof ZDimensionResult>;

/** Shares (fractions) of US equities, 10-year US Treasuries and the cash-like part; they add up to 1. */
export const ZModelPortfolio = z
  .object({
    riskClass: z.number().int().min(1).max(7),
    equityShare: z.number(),
    bondShare: z.number(),
    cashShare: z.number(),
  })
  .meta({ id: 'ModelPortfolio' });
export type TModelPortfolio = z.infer<typeof ZModelPortfolio>;

/** One record of how the adviser resolved a consistency flag (DESIGN.md section 4); later ones amend earlier ones. */
export const ZConsistencyResolution = z
  .object({ note: z.string(), authorName: z.string(), resolvedAt: z.string() })
  .meta({ id: 'ConsistencyResolution' });
export type TConsistencyResolution = z.infer<typeof ZConsistencyResolution>;

export const CONSISTENCY_NOTE_LENGTH = { min: 10, max: 2000 } as const;

/** POST /api/dashboard/{token}/consistency/resolution: what was discussed with the client and decided. */
export const ZConsistencyResolutionRequest = z
  .object({ note: z.string().trim().min(CONSISTENCY_NOTE_LENGTH.min).max(CONSISTENCY_NOTE_LENGTH.max) })
  .meta({ id: 'ConsistencyResolutionRequest' });
export type TConsistencyResolutionRequest = z.infer<typeof ZConsistencyResolutionRequest>;

/**
 * The consistency check of a risk profile and, once flagged, the adviser's records of its resolution (oldest
 * first). Since definition version 2 a flag has one reason and a direction (decision 0013): ABOVE when the client
 * sees themselves riskier than the suitable class, BELOW when more cautious. Version 1 results keep their reasons.
 */
export const ZConsistency = z.object({
  flagged: z.boolean(),
  reasons: z.array(z.string()),
  direction: z.enum(['ABOVE', 'BELOW']).nullable(),
  resolutions: z.array(ZConsistencyResolution),
});

/**
 * How a limit is set: DIMENSION, a dimension's mean score below a band (capacity, knowledge, loss reaction; and
 * horizon in version 1); ANSWER, a hard rule on one answer (horizon, liquidity, dependence, borrowing, objective);
 * LOSS_PERCENT / LOSS_MONEY, the loss accepted in percent or bearable in money; KNOWLEDGE_TEST, failed test questions.
 */
export const RISK_CAP_KINDS = ['DIMENSION', 'ANSWER', 'LOSS_PERCENT', 'LOSS_MONEY', 'KNOWLEDGE_TEST'] as const;

export const ZRiskCap = z
  .object({
    /** The dimension key (DIMENSION) or the rule key (e.g. horizon, loss_money, knowledge_test). */
    key: z.string(),
    kind: z.enum(RISK_CAP_KINDS),
    /** Text key (INTERACTION_BASE, in the content's texts) naming the limit. */
    nameKey: z.string(),
    /** The highest class the limit allows. */
    maxClass: z.number().int().min(1).max(7),
    /** This limit sets the suitable class: no other allows less. */
    binding: z.boolean(),
    /** The answer was missing or the dimension not computable, so the most restrictive class was assumed. */
    assumed: z.boolean(),
    /** DIMENSION: the mean item score (1-5) the limit looked at. */
    score: z.number().nullable(),
    /** ANSWER and LOSS_*: the answers read, as the text keys (CHOICE) of the chosen options. */
    answers: z.array(z.object({ item: z.string(), labelKey: z.string() })),
    /** LOSS_*: the bearable fall as a fraction (0.1 = 10 %) of the amount invested. */
    share: z.number().nullable(),
    /** KNOWLEDGE_TEST: questions asked, and not answered correctly. */
    asked: z.number().int().nullable(),
    failed: z.number().int().nullable(),
  })
  .meta({ id: 'RiskCap' });
export type TRiskCap = z.infer<typeof ZRiskCap>;

export const ZRiskProfile = z
  .object({
    /** The class the attitude to risk (the tolerance dimension) alone gives. */
    toleranceClass: z.number().int().min(1).max(7),
    /** The suitable class (the verdict): the tolerance class or the lowest limit, whichever is lower. */
    suitableClass: z.number().int().min(1).max(7),
    /** The limits that lowered the class, the binding ones first: what each allows and why. */
    caps: z.array(ZRiskCap),
    /** The client's own estimate on the 1-7 scale. */
    selfEstimate: z.number().int().nullable(),
    /** What the adviser must explain before recommending the products concerned (failed knowledge questions). */
    explainFirst: z.array(z.object({ item: z.string(), textKey: z.string() })),
    /** What the answers ask the adviser to take care of (vulnerability, concentration, borrowing). */
    remarks: z.array(z.object({ key: z.string(), textKey: z.string() })),
    consistency: ZConsistency,
    portfolio: ZModelPortfolio,
  })
  .meta({ id: 'RiskProfile' });
export type TRiskProfile = z.infer<typeof ZRiskProfile>;

/** What a result was computed with, so it can be reproduced and shown to a regulator (dashboard and report). */
export const ZResultEvidence = z.object({
  definitionVersion: z.number().int(),
  normVersion: z.string(),
  normStatus: z.enum(['PROVISIONAL', 'EMPIRICAL']),
  algorithmVersion: z.string(),
  answersHash: z.string(),
  /** Selection and performance results: the decisions people recorded (issue 25), oldest first; the latest counts. */
  decisions: ZResultDecisions.nullable().optional(),
});
export type TResultEvidence = z.infer<typeof ZResultEvidence>;

export const ZDashboard = z
  .object({
    instanceToken: z.string(),
    interactionId: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    kind: z.enum(DASHBOARD_KINDS),
    status: z.enum(INTERACTION_STATUSES),
    lockStatus: z.enum(['LOCKED', 'UNLOCKED', 'TRIAL']),
    /** email: where "Email report to client" sends the link (the confirmation names it). */
    client: z.object({
      token: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      initials: z.string(),
      email: z.string(),
      /** As the viewer's anonymisation allow-list shows the client (docs/decisions/0021): names and e-mail blanked. */
      ...ZAnonymizedFields.shape,
      /** Set when the client was erased and this is a kept result (docs/decisions/0043): nothing is mailed (0077). */
      erasedAt: z.string().nullable().optional(),
    }),
    filledAt: z.string().nullable(),
    calculatedAt: z.string(),
    evidence: ZResultEvidence,
    dimensions: z.array(ZDimensionResult),
    risk: ZRiskProfile.nullable(),
    /** Whether the product predicts (GET /api/predict/...) and whether that prediction succeeded. */
    prediction: z.object({ kind: z.enum(['INVESTMENT_STYLE', 'PERFORMANCE']), available: z.boolean() }).nullable(),
    /** The fit to the client's assigned weight profile of this product (decision 0019); null when none is assigned. */
    fit: ZResultFit.nullable().optional(),
    /**
     * The signed-in viewer is this client (the same address): a participant who took over their demo result
     * (decision 0023). The adviser-only parts (recording how a consistency flag was resolved) are not theirs.
     */
    viewerIsClient: z.boolean(),
  })
  .meta({ id: 'Dashboard' });
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZLocaleQuery = z.object({ locale: z.enum(LOCALES).optional() });

/** One bar of a minMax chart: a value (annualised return, a fraction) and the window it comes from. */
export const ZMinMaxBar = z.object({ key: z.enum(['worst', 'best']), value: z.number(), dateFrom: z.string(), dateTo: z.string() });
export const ZMinMaxChart = z.object({
  /** Roman numeral (spec section 3). */
  id: z.string(),
  label: z.enum(['year1', 'year5', 'year10']),
  years: z.number().int(),
  bars: z.array(ZMinMaxBar),
});
export const ZLineChart = z.object({
  id: z.string(),
  key: z.string(),
  /** dateAt cut to 10 characters (YYYY-MM-DD); series are merged by date. */
  values: z.array(z.object({ dateAt: z.string(), valueAt: z.number() })),
});

export const ZRiskTableRow = z.object({ label: z.enum(['year1', 'year5', 'year10']), worst: z.number(), best: z.number(), worstFrom: z.string(), worstTo: z.string(), bestFrom: z.string(), bestTo: z.string() });

/** The largest fall from a previous high, from every month of the history (decision 0014). */
export const ZMaxDrawdown = z.object({
  /** A negative fraction: value at the trough / value at the peak - 1. */
  fall: z.number(),
  peakDate: z.string(),
  troughDate: z.string(),
  /** The first month back at the peak's value; null when the history ends before. */
  recoveryDate: z.string().nullable(),
});

/** The figures of the risk section on one basis: nominal US dollars, or deflated by the US CPI (real). */
export const ZRiskView = z.object({
  minMax: z.array(ZMinMaxChart),
  /** Chart IV; empty for projections. */
  lines: z.array(ZLineChart),
  table: z.object({ rows: z.array(ZRiskTableRow) }),
  /** History only (null for projections). */
  maxDrawdown: ZMaxDrawdown.nullable(),
  /** Annualised volatility of the monthly returns; history only. */
  volatility: z.number().nullable(),
});
export type TRiskView = z.infer<typeof ZRiskView>;

/** Which market history a section was computed from: the import's file hash and its period, and the gap policy. */
export const ZMarketDataVersion = z.object({
  importId: z.string(),
  sha256: z.string(),
  importedAt: z.string(),
  /** The last month in the imported file (the series may end earlier, at the first gap). */
  fileLastDate: z.string(),
  gapPolicy: z.enum(['cut', 'carry']),
});


/**
 * The BQA_RISK section, computed when the result is calculated and stored with it, so a later import of market
 * history never changes a finished result or its report (decision 0014).
 */
export const ZRiskSection = z
  .object({
    riskClass: z.number().int().min(1).max(7),
    portfolio: ZModelPortfolio,
    /** history: worst/best over rolling windows of the imported market history; projection: stated assumptions. */
    basis: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('history'),
        firstDate: z.string(),
        lastDate: z.string(),
        source: z.string(),
        /** What the figures are: US equities (S&P 500) and 10-year US Treasuries, total return, in US dollars. */
        assets: z.literal('US_EQUITIES_US_TREASURIES_10Y'),
        returnType: z.literal('TOTAL_RETURN'),
        currency: z.literal('USD'),
        marketData: ZMarketDataVersion,
      }),
      z.object({
        kind: z.literal('projection'),
        assumptions: z.object({ equityReturn: z.number(), equityVolatility: z.number(), bondReturn: z.number(), bondVolatility: z.number(), cashReturn: z.number(), cashVolatility: z.number(), correlation: z.number() }),
      }),
    ]),
    /** In US dollars as they were (nominal). */
    nominal: ZRiskView,
    /** Deflated by the US CPI (in dollars of the first month); null for projections or a history without CPI. */
    real: ZRiskView.nullable(),
    /** History only: the PRIIPs-way market-risk class of the model portfolio, shown beside the profile class. */
    marketRisk: ZMarketRiskClass.nullable(),
    /** When it was computed and with which engine (a result from before sections were stored gets it at first view). */
    computedAt: z.string(),
    algorithmVersion: z.string(),
  })
  .meta({ id: 'RiskSection' });
export type TRiskSection = z.infer<typeof ZRiskSection>;

export const ZDashboardContent = z
  .object({
    kind: z.enum(DASHBOARD_KINDS),
    locale: z.enum(LOCALES),
    /** The result's texts in the locale: interaction name, each dimension's name, description, low and high. */
    texts: z.record(z.string(), z.string()),
    dimensions: z.array(z.object({ key: z.string(), nameKey: z.string(), descriptionKey: z.string(), lowKey: z.string(), highKey: z.string() })),
    interactionNameKey: z.string(),
    sections: z.object({ BQA_RISK: ZRiskSection.optional() }),
    /** Sections the result has but the user may not see (e.g. BQA_RISK without BQA_DASHBOARD_RISK/READ): show a notice. */
    restrictedSections: z.array(z.enum(['BQA_RISK'])),
    /**
     * Beside the model portfolio: the client's current portfolio against this result's suitable class (decision 0091).
     * Null without a saved portfolio, without market history, or when BQA_RISK is restricted.
     */
    portfolioCheck: ZResultPortfolioCheck.nullable(),
  })
  .meta({ id: 'DashboardContent' });
export type TDashboardContent = z.infer<typeof ZDashboardContent>;

/**
 * GET /api/predict/{bqa|bqp}/{token}: a rule-based indication (decision 0014), not a statistical prediction: the
 * class whose expert-set rules score best, within the suitable risk class, with no probability. modelId and
 * modelVersion are evidence for the record, not for the screen.
 */
export const ZPrediction = z
  .object({
    instanceToken: z.string(),
    kind: z.enum(['INVESTMENT_STYLE', 'PERFORMANCE']),
    modelId: z.string(),
    modelVersion: z.number().int(),
    method: z.literal('RULE_BASED'),
    /** PROVISIONAL: the rules were set by experts, not fitted to or validated on outcomes. */
    modelStatus: z.enum(['PROVISIONAL', 'FITTED']),
    titleKey: z.string(),
    /** The indicated class: the best-scoring one the suitable risk class allows. */
    predictedClass: z.string(),
    /** The best-scoring class of all, when the suitable risk class ruled it out (a cap lowered the indication). */
    unconstrainedClass: z.string().nullable(),
    /** The client's suitable risk class the indication stays within; null for products without a risk profile. */
    suitableClass: z.number().int().nullable(),
    /** Every class, best score first: its rank, and whether the suitable risk class allows it (minRiskClass). */
    classes: z.array(
      z.object({
        key: z.string(),
        labelKey: z.string(),
        descriptionKey: z.string(),
        rank: z.number().int().min(1),
        minRiskClass: z.number().int().nullable(),
        allowed: z.boolean(),
      }),
    ),
    /** The dimensions that moved the indication most: weight x z-score for the indicated class. */
    factors: z.array(z.object({ dimension: z.string(), nameKey: z.string(), z: z.number(), contribution: z.number() })),
    texts: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Prediction' });
export type TPrediction = z.infer<typeof ZPrediction>;

export const ZComparisonQuery = z.object({ instanceToken1: z.string().min(1).max(100), instanceToken2: z.string().min(1).max(100) });
export const ZComparison = z
  .object({
    /** Whole number 0-100; -1 when the two results cannot be compared. */
    similarity: z.number().int().min(-1).max(100),
    /** The parts: profile correlation (shape) and closeness of level, each 0-100; null when not comparable. */
    shape: z.number().nullable(),
    level: z.number().nullable(),
    reason: z.enum(['not_found', 'not_completed', 'locked', 'different_interaction', 'different_dimensions', 'too_few_dimensions', 'flagged']).nullable(),
  })
  .meta({ id: 'Comparison' });
export type TComparison = z.infer<typeof ZComparison>;

export const ZInteractionDimensions = z
  .object({
    interactionId: z.string(),
    interactionNameKey: z.string(),
    dimensions: z.array(z.object({ key: z.string(), nameKey: z.string(), descriptionKey: z.string(), lowKey: z.string(), highKey: z.string() })),
    texts: z.record(z.string(), z.string()),
  })
  .meta({ id: 'InteractionDimensions' });
export type TInteractionDimensions = z.infer<typeof ZInteractionDimensions>;
