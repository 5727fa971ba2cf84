// Selection you can defend (issue 25, docs/decisions/0051 and 0052): the candidate's voluntary self-identification
// (POST /api/q/{token}/self-identification), the account's categories (GET/PUT /api/fairness/self-identification/
// settings), a person's decision on a selection result (POST /api/instance/{token}/decision) and the adverse-impact
// report (GET /api/fairness/{product}/adverse-impact and its CSV and PDF).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { FAIRNESS_PRODUCTS, PREFER_NOT_TO_SAY, SELF_ID_CATEGORIES } from '@bq/domain/self-identification';

export {
  DEFAULT_SELF_ID_OPTIONS,
  defaultAskedFor,
  defaultSelfIdSettingsFor,
  FAIRNESS_PRODUCTS,
  PREFER_NOT_TO_SAY,
  SELF_ID_CATEGORIES,
  SELF_ID_ERRORS,
  type FairnessProduct,
  type SelfIdCategory,
} from '@bq/domain/self-identification';

const ZOptionCode = z.string().regex(/^[A-Z0-9_]{1,40}$/).refine((c) => c !== PREFER_NOT_TO_SAY, 'reserved');

/** An option: a default code (its text comes from the translations) or the account's own code with its label. */
export const ZSelfIdOption = z.object({ code: ZOptionCode, label: z.string().trim().min(1).max(80).optional() }).meta({ id: 'SelfIdOption' });

export const ZSelfIdentificationCategorySetting = z
  .object({ category: z.enum(SELF_ID_CATEGORIES), asked: z.boolean(), options: z.array(ZSelfIdOption).min(2).max(20) })
  .meta({ id: 'SelfIdentificationCategorySetting' });
export type TSelfIdentificationCategorySetting = z.infer<typeof ZSelfIdentificationCategorySetting>;

export const ZSelfIdentificationSettings = z
  .object({ categories: z.array(ZSelfIdentificationCategorySetting).length(3) })
  .refine((s) => new Set(s.categories.map((c) => c.category)).size === 3, { message: 'each category once', path: ['categories'] })
  .refine((s) => s.categories.every((c) => new Set(c.options.map((o) => o.code)).size === c.options.length), { message: 'duplicate code', path: ['categories'] })
  .meta({ id: 'SelfIdentificationSettings' });
export type TSelfIdentificationSettings = z.infer<typeof ZSelfIdentificationSettings>;

/**
 * GET/PUT answer: the settings, whether the account saved them (else they are the defaults of its language), and
 * that language (docs/decisions/0078), so the page can restore those defaults and say why ethnic group is off.
 */
export const ZSelfIdentificationSettingsView = z
  .object({
    categories: z.array(ZSelfIdentificationCategorySetting),
    saved: z.boolean(),
    defaultsLocale: z.enum(LOCALES),
  })
  .meta({ id: 'SelfIdentificationSettingsView' });
export type TSelfIdentificationSettingsView = z.infer<typeof ZSelfIdentificationSettingsView>;

/**
 * GET /api/q/{token}/self-identification: what the candidate is asked (the categories asked, in order). Only to the
 * browser that submitted (its participant key, docs/decisions/0063); any other caller gets offered false and nothing
 * else, so no one else learns whether a statement exists.
 */
export const ZSelfIdentificationForm = z
  .object({
    offered: z.boolean(),
    categories: z.array(z.object({ category: z.enum(SELF_ID_CATEGORIES), options: z.array(ZSelfIdOption) })),
    /** The candidate's own earlier statement, so they can see and change it. */
    given: z.partialRecord(z.enum(SELF_ID_CATEGORIES), z.string()).nullable(),
    /** False once a decision about the result is recorded: the statement can then no longer be given or changed. */
    changeable: z.boolean(),
  })
  .meta({ id: 'SelfIdentificationForm' });
export type TSelfIdentificationForm = z.infer<typeof ZSelfIdentificationForm>;

const ZAnswerCode = z.string().regex(/^[A-Z0-9_]{1,40}$/);
export const ZSelfIdentificationRequest = z
  .object({ sex: ZAnswerCode.optional(), ageBand: ZAnswerCode.optional(), ethnicGroup: ZAnswerCode.optional() })
  .strict()
  .meta({ id: 'SelfIdentificationRequest' });
export type TSelfIdentificationRequest = z.infer<typeof ZSelfIdentificationRequest>;

export const ZSelfIdentificationSaved = z.object({ saved: z.literal(true) }).meta({ id: 'SelfIdentificationSaved' });

export const DECISIONS = ['advance', 'hold', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_REASON_LENGTH = { min: 3, max: 2000 } as const;

export const ZRecordDecisionRequest = z
  .object({ decision: z.enum(DECISIONS), reason: z.string().trim().min(DECISION_REASON_LENGTH.min).max(DECISION_REASON_LENGTH.max) })
  .meta({ id: 'RecordDecisionRequest' });
export type TRecordDecisionRequest = z.infer<typeof ZRecordDecisionRequest>;

export const ZResultDecision = z
  .object({ decision: z.enum(DECISIONS), reason: z.string(), authorName: z.string(), decidedAt: z.string() })
  .meta({ id: 'ResultDecision' });
export type TResultDecision = z.infer<typeof ZResultDecision>;

/** The history, oldest first; the last one counts. */
export const ZResultDecisions = z.object({ current: ZResultDecision.nullable(), history: z.array(ZResultDecision) }).meta({ id: 'ResultDecisions' });
export type TResultDecisions = z.infer<typeof ZResultDecisions>;

export const FAIRNESS_BASES = ['decision', 'fit', 'stanine'] as const;
export type FairnessBasis = (typeof FAIRNESS_BASES)[number];

const ZIsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const ZAdverseImpactQuery = z
  .object({
    campaignId: z.uuid().optional(),
    profileId: z.uuid().optional(),
    from: ZIsoDay.optional(),
    to: ZIsoDay.optional(),
    /** Left out: decision when any decision is recorded, else the score basis most candidates have (decision 0078). */
    basis: z.enum(FAIRNESS_BASES).optional(),
    /** fit: 0-100 (default 60); stanine: 1-9 (default 5). Ignored for decision. */
    threshold: z.coerce.number().min(0).max(100).optional(),
    locale: z.enum(LOCALES).optional(),
  });
export type TAdverseImpactQuery = z.infer<typeof ZAdverseImpactQuery>;

export const ZFairnessProductParams = z.object({ product: z.enum(FAIRNESS_PRODUCTS) });

/** One group of a category or intersection. A group below k (or suppressed against differencing) has no figures. */
export const ZAdverseImpactGroup = z
  .object({
    /** Option codes: one for a category, "SEX|ETHNIC" for the intersection. */
    key: z.string(),
    /** The account's own label of a custom option, else null (the web app translates the code). */
    labels: z.array(z.string().nullable()),
    /** TOO_FEW: fewer than k; SUPPRESSED: hidden so that no other figure gives it away (decision 0051). */
    shown: z.enum(['SHOWN', 'TOO_FEW', 'SUPPRESSED']),
    assessed: z.number().int().nullable(),
    selected: z.number().int().nullable(),
    selectionRate: z.number().nullable(),
    impactRatio: z.number().nullable(),
    fourFifthsFlag: z.boolean().nullable(),
    fisherP: z.number().nullable(),
    smallSample: z.boolean().nullable(),
    isReference: z.boolean(),
    /** Score bases only (LL144): the share above the sample's median, and its ratio to the highest. */
    scoringRate: z.number().nullable(),
    scoringImpactRatio: z.number().nullable(),
  })
  .meta({ id: 'AdverseImpactGroup' });
export type TAdverseImpactGroup = z.infer<typeof ZAdverseImpactGroup>;

export const ZAdverseImpactTable = z
  .object({
    /** 'sex' | 'ageBand' | 'ethnicGroup' | 'sex×ethnicGroup'. */
    key: z.string(),
    categories: z.array(z.enum(SELF_ID_CATEGORIES)),
    groups: z.array(ZAdverseImpactGroup),
    /** People of the report who gave no answer or preferred not to say (not part of any group's ratio). */
    notStated: z.number().int().nullable(),
  })
  .meta({ id: 'AdverseImpactTable' });

export const ZAdverseImpactReport = z
  .object({
    productType: z.enum(FAIRNESS_PRODUCTS),
    basis: z.enum(FAIRNESS_BASES),
    threshold: z.number().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    campaignId: z.string().nullable(),
    profileId: z.string().nullable(),
    k: z.number().int(),
    /** The people the report counts on its basis (those with a decision, a fit, or a stanine). */
    assessed: z.number().int(),
    /**
     * What the account has data for in the report's scope, whatever the basis: candidates with a result, those with a
     * recorded decision, with a fit (a weight profile applies), with stanines. Lets the page say what is missing.
     */
    available: z.object({ candidates: z.number().int(), decided: z.number().int(), fit: z.number().int(), stanine: z.number().int() }),
    /** True when the request named no basis and the report chose it from the data (see ZAdverseImpactQuery.basis). */
    basisChosen: z.boolean(),
    median: z.number().nullable(),
    tables: z.array(ZAdverseImpactTable),
    generatedAt: z.string(),
  })
  .meta({ id: 'AdverseImpactReport' });
export type TAdverseImpactReport = z.infer<typeof ZAdverseImpactReport>;
