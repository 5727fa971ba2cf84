// Result dashboards (DESIGN.md sections 3-4, spec sections 3 and 7): the scored result of one instance, its
// locale-dependent content (texts and the BQA_RISK charts), predictions and the similarity of two results.
import { z } from 'zod';
import { INTERACTION_STATUSES } from '@bq/domain/interaction-lifecycle';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';

export const DASHBOARD_KINDS = ['bqa', 'bqp', 'sa'] as const;
export type DashboardKindParam = (typeof DASHBOARD_KINDS)[number];

/** How a stanine reads in words: 1-2 low, 3 below average, 4-6 average, 7 above average, 8-9 high. */
export const SCORE_LEVELS = ['LOW', 'BELOW_AVERAGE', 'AVERAGE', 'ABOVE_AVERAGE', 'HIGH'] as const;

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
    level: z.enum(SCORE_LEVELS).nullable(),
  })
  .meta({ id: 'DimensionResult' });
export type TDimensionResult = z.infer<typeof ZDimensionResult>;

export const ZModelPortfolio = z
  .object({ riskClass: z.number().int().min(1).max(7), equityShare: z.number(), bondShare: z.number() })
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

/** The consistency check of a risk profile and, once flagged, the adviser's records of its resolution (oldest first). */
export const ZConsistency = z.object({
  flagged: z.boolean(),
  reasons: z.array(z.string()),
  resolutions: z.array(ZConsistencyResolution),
});

export const ZRiskProfile = z
  .object({
    /** The class the risk tolerance alone gives. */
    toleranceClass: z.number().int().min(1).max(7),
    /** The suitable class: tolerance lowered by capacity for loss, knowledge, horizon and loss reaction. */
    suitableClass: z.number().int().min(1).max(7),
    /** Which limits lowered the class: the dimension and the highest class its score allows. */
    caps: z.array(z.object({ dimension: z.string(), maxClass: z.number().int() })),
    /** The client's own estimate on the 1-7 scale. */
    selfEstimate: z.number().int().nullable(),
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
    }),
    filledAt: z.string().nullable(),
    calculatedAt: z.string(),
    evidence: ZResultEvidence,
    dimensions: z.array(ZDimensionResult),
    risk: ZRiskProfile.nullable(),
    /** Whether the product predicts (GET /api/predict/...) and whether that prediction succeeded. */
    prediction: z.object({ kind: z.enum(['INVESTMENT_STYLE', 'PERFORMANCE']), available: z.boolean() }).nullable(),
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

export const ZRiskSection = z
  .object({
    riskClass: z.number().int().min(1).max(7),
    portfolio: ZModelPortfolio,
    /** history: worst/best over rolling windows of the imported market history; projection: stated assumptions. */
    basis: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('history'), firstDate: z.string(), lastDate: z.string(), source: z.string() }),
      z.object({
        kind: z.literal('projection'),
        assumptions: z.object({ equityReturn: z.number(), equityVolatility: z.number(), bondReturn: z.number(), bondVolatility: z.number(), correlation: z.number() }),
      }),
    ]),
    minMax: z.array(ZMinMaxChart),
    lines: z.array(ZLineChart),
    table: z.object({ rows: z.array(z.object({ label: z.enum(['year1', 'year5', 'year10']), worst: z.number(), best: z.number(), worstFrom: z.string(), worstTo: z.string(), bestFrom: z.string(), bestTo: z.string() })) }),
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
  })
  .meta({ id: 'DashboardContent' });
export type TDashboardContent = z.infer<typeof ZDashboardContent>;

export const ZPrediction = z
  .object({
    instanceToken: z.string(),
    kind: z.enum(['INVESTMENT_STYLE', 'PERFORMANCE']),
    modelId: z.string(),
    modelVersion: z.number().int(),
    modelStatus: z.enum(['PROVISIONAL', 'FITTED']),
    titleKey: z.string(),
    predictedClass: z.string(),
    probability: z.number(),
    classes: z.array(z.object({ key: z.string(), labelKey: z.string(), descriptionKey: z.string(), probability: z.number() })),
    /** The dimensions that moved the prediction most: weight x z-score for the predicted class. */
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
