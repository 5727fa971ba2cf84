// Interaction definitions: the questionnaire of a product (items, answer scales, pages, dimensions, norms and,
// for the risk products, the rules of the risk class), shipped as versioned data in the repo. The schema also
// enforces the cross-references the scoring engine relies on, so a broken definition fails at start, not in a
// participant's result.
import { z } from 'zod';
import { PRODUCT_TYPES } from '@bq/domain/product-types';

/** Keys inside one definition (items, dimensions, pages, options): lower snake case. */
const localKey = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a key is lower snake case, e.g. loss_reaction_1');
/** A translation key (text types ITEM, CHOICE, INTERACTION_BASE), e.g. risk.item.loss_reaction_1. */
const translationKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'a translation key is dotted, e.g. risk.dim.tolerance.name').max(200);

/** A named answer scale: consecutive whole-number points, each with its label (text type CHOICE). */
export const ZAnswerScale = z.object({
  id: localKey,
  points: z
    .array(z.object({ value: z.number().int(), labelKey: translationKey }))
    .min(2)
    .max(11)
    .refine((points) => points.every((p, i) => i === 0 || p.value === points[i - 1]!.value + 1), 'scale points are consecutive whole numbers, ascending'),
});
export type TAnswerScale = z.infer<typeof ZAnswerScale>;

const itemBase = {
  key: localKey,
  /** Text type ITEM. */
  textKey: translationKey,
  /** The dimension the item is scored into; null for an item that is recorded but not scored (the risk self-estimate). */
  dimension: localKey.nullable(),
  /** Whether the participant must answer it before submitting; observer ratings may leave what they have not seen. */
  required: z.boolean(),
};

/** Answered on a named scale; a reverse-keyed item is mirrored (min + max - answer) before scoring. */
export const ZLikertItem = z.object({ ...itemBase, type: z.literal('likert'), scale: localKey, reverse: z.boolean() });

export const ZChoiceOption = z.object({
  key: localKey,
  /** Text type CHOICE; several items may share an option label (e.g. the year bands of the horizon items). */
  labelKey: translationKey,
  /** The value scored into the item's dimension, on the dimension's range. */
  score: z.number().finite(),
});

/** Single choice with explicit options; the scores carry the direction, so a choice item is never reversed. */
export const ZChoiceItem = z.object({
  ...itemBase,
  type: z.literal('choice'),
  options: z.array(ZChoiceOption).min(2).max(10),
  reverse: z.literal(false, { error: 'a choice item is never reverse-keyed: its option scores carry the direction' }),
});

export const ZInteractionItem = z.discriminatedUnion('type', [ZLikertItem, ZChoiceItem]);
export type TLikertItem = z.infer<typeof ZLikertItem>;
export type TChoiceItem = z.infer<typeof ZChoiceItem>;
export type TInteractionItem = z.infer<typeof ZInteractionItem>;

export const ZInteractionDimension = z.object({
  key: localKey,
  /** Texts of type INTERACTION_BASE: the name, what it measures, and a low and a high score in plain words. */
  nameKey: translationKey,
  descriptionKey: translationKey,
  lowKey: translationKey,
  highKey: translationKey,
  /** The range of the raw score (mean of the item scores): likert items use a scale spanning it, option scores lie in it. */
  range: z.object({ min: z.number(), max: z.number() }).refine((r) => r.min < r.max, 'range.min is below range.max'),
  /** Norm of the raw dimension mean in the norm group: z = (raw - mean) / sd. */
  norm: z.object({ mean: z.number().finite(), sd: z.number().finite().positive('norm sd must be greater than 0') }),
  /** Fewer answered items than this make the dimension "not computable" rather than a guess. */
  minAnswered: z.number().int().min(1),
  /** Expected Cronbach's alpha, used for the standard error of measurement: SEM = sd * sqrt(1 - reliability). */
  reliability: z.number().min(0.7).max(0.95),
});
export type TInteractionDimension = z.infer<typeof ZInteractionDimension>;

export const ZQuestionnairePage = z.object({
  key: localKey,
  /** Text type INTERACTION_BASE. */
  titleKey: translationKey,
  itemKeys: z.array(localKey).min(1).max(8),
});
export type TQuestionnairePage = z.infer<typeof ZQuestionnairePage>;

export const RISK_CLASS_MIN = 1;
export const RISK_CLASS_MAX = 7;
const riskClass = z.number().int().min(RISK_CLASS_MIN).max(RISK_CLASS_MAX);

/**
 * A hard rule on one answer (decision 0013): the answer to a choice item allows at most a class, whatever the
 * attitude to risk says. Used for the capacity limits that must not be averaged away: the stated horizon, money
 * needed at short notice, dependence on the capital, borrowed money, and an objective of keeping the capital safe.
 */
export const ZAnswerCap = z.object({
  /** Names the rule in results (lower snake case), e.g. horizon. */
  key: localKey,
  /** The choice item whose answer is read. */
  item: localKey,
  /** Text type INTERACTION_BASE: what the limit is called, e.g. "Time horizon". */
  nameKey: translationKey,
  /** Option key -> the highest class that answer allows; options left out allow every class. */
  maxClass: z.record(localKey, riskClass),
});
export type TAnswerCap = z.infer<typeof ZAnswerCap>;

/**
 * Losses the client can bear, as hard rules: the loss accepted in percent, and the loss bearable in money set
 * against the amount to invest. A class is allowed while its severe one-year fall (classLoss) does not exceed it.
 */
export const ZLossCaps = z.object({
  /** The severe one-year fall of each class's model portfolio, classes 1-7, as fractions (0.1 = 10 %), non-decreasing. */
  classLoss: z.array(z.number().min(0).max(1)).length(RISK_CLASS_MAX - RISK_CLASS_MIN + 1),
  percent: z.object({
    item: localKey,
    nameKey: translationKey,
    /** Option key -> the fall the answer accepts, as a fraction. */
    share: z.record(localKey, z.number().min(0).max(1)),
  }),
  money: z.object({
    /** The bearable loss in money (amount bands). */
    item: localKey,
    /** The amount to invest (amount bands). */
    amountItem: localKey,
    nameKey: translationKey,
    /** Option key -> a representative amount of the band (the geometric middle; the open top band twice its floor). */
    loss: z.record(localKey, z.number().positive()),
    amount: z.record(localKey, z.number().positive()),
  }),
});
export type TLossCaps = z.infer<typeof ZLossCaps>;

/** The knowledge test: questions with one correct option; wrong or "don't know" answers cap the class and say what to explain first. */
export const ZKnowledgeTest = z.object({
  nameKey: translationKey,
  questions: z
    .array(
      z.object({
        item: localKey,
        correct: localKey,
        /** Text type INTERACTION_BASE: what the adviser must explain before recommending the products it concerns. */
        explainKey: translationKey,
      }),
    )
    .min(1)
    .max(6),
  /** Index = the number of questions not answered correctly; value = the highest class allowed. Non-increasing. */
  maxClassByFailed: z.array(riskClass).min(2).max(7),
});
export type TKnowledgeTest = z.infer<typeof ZKnowledgeTest>;

/**
 * Which difference flags the profile (decision 0013): the client's own estimate against the suitable class (the
 * verdict), in either direction, once it is minGap classes or more. The legacy rule (consistencyFlagGap) compares
 * the tolerance class with the capacity-allowed class and with the self-estimate; results of version 1 keep it.
 */
export const ZConsistencyRule = z.object({
  compare: z.literal('SELF_ESTIMATE_VS_SUITABLE'),
  minGap: z.number().int().min(1).max(RISK_CLASS_MAX - RISK_CLASS_MIN),
});
export type TConsistencyRule = z.infer<typeof ZConsistencyRule>;

/**
 * Risk profile rules (BQ_RISK and the BQA_RISK section of the advisory products). The tolerance score gives a
 * class 1-7 through classCuts; each cap then lowers it when a limiting dimension (capacity for loss,
 * knowledge and experience, horizon, loss reaction) scores low, and since version 2 of the definitions hard
 * rules on single answers (answerCaps, lossCaps, knowledgeTest) do the same, so the suitable class never exceeds
 * what any of them allows. The self-estimate is kept apart from every dimension so it can be checked against the result.
 */
export const ZRiskRulesObject = z.object({
  toleranceDimension: localKey,
  capacityDimension: localKey,
  lossReactionDimension: localKey,
  horizonDimension: localKey,
  knowledgeDimension: localKey,
  /** An unscored likert item on a 7-point scale, in the same 1-7 terms as the risk class. */
  selfEstimateItem: localKey,
  /** Six ascending raw tolerance scores: a tolerance below cut i (0-based) gives class i + 1, at or above the last gives 7. */
  classCuts: z.array(z.number().finite()).length(RISK_CLASS_MAX - RISK_CLASS_MIN),
  /** Per limiting dimension: a raw score below `below` allows at most `maxClass`; the first matching band counts. */
  caps: z
    .array(
      z.object({
        dimension: localKey,
        bands: z.array(z.object({ below: z.number().finite(), maxClass: riskClass })).min(1),
      }),
    )
    .min(1),
  /** Legacy rule (version 1): tolerance class, capacity-allowed class and self-estimate this many classes apart or more flag the profile. */
  consistencyFlagGap: z.number().int().min(1).max(RISK_CLASS_MAX - RISK_CLASS_MIN).optional(),
  consistency: ZConsistencyRule.optional(),
  answerCaps: z.array(ZAnswerCap).optional(),
  lossCaps: ZLossCaps.optional(),
  knowledgeTest: ZKnowledgeTest.optional(),
});
export const ZRiskRules = ZRiskRulesObject.refine(
  (r) => (r.consistencyFlagGap === undefined) !== (r.consistency === undefined),
  'risk rules name exactly one consistency rule: consistencyFlagGap (legacy) or consistency',
);
export type TRiskRules = z.infer<typeof ZRiskRules>;

/**
 * The suitability statement of the report (decision 0013): the answers on the ESMA suitability topics, grouped by
 * topic, each shown as a short label and the answer given, and remarks for the adviser that certain answers raise.
 */
export const ZSuitabilityStatement = z.object({
  sections: z
    .array(
      z.object({
        key: localKey,
        titleKey: translationKey,
        /** Personal details (age, dependants, vulnerability): an anonymised report leaves the section out. */
        personal: z.boolean(),
        entries: z.array(z.object({ item: localKey, labelKey: translationKey })).min(1),
      }),
    )
    .min(1),
  remarks: z.array(
    z.object({
      key: localKey,
      item: localKey,
      /** The answers (option keys) that raise the remark. */
      options: z.array(localKey).min(1),
      /** Text type INTERACTION_BASE: what the adviser should do about it. */
      textKey: translationKey,
    }),
  ),
});
export type TSuitabilityStatement = z.infer<typeof ZSuitabilityStatement>;

/**
 * A transparent, rule-based indication (DESIGN.md section 4, decision 0014): each class scores
 * intercept + sum(weight * z) over the dimension z-scores and the best-scoring class is indicated, with no
 * probability. PROVISIONAL coefficients are set by expert judgement; none has been fitted to or validated on outcome
 * data yet (FITTED is reserved for a model that has, with its validation stated). Investment styles name the lowest
 * suitable risk class each style fits, so an indication never goes above the caps of the risk profile.
 */
export const ZPredictionModel = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a model id is a lower-case slug'),
  version: z.number().int().min(1),
  /** Which call shows it: INVESTMENT_STYLE on GET /api/predict/bqa, PERFORMANCE on GET /api/predict/bqp. */
  kind: z.enum(['INVESTMENT_STYLE', 'PERFORMANCE']),
  status: z.enum(['PROVISIONAL', 'FITTED']),
  /** Text type INTERACTION_BASE: what is predicted, e.g. "Investment style". */
  titleKey: translationKey,
  classes: z
    .array(
      z.object({
        key: localKey,
        labelKey: translationKey,
        descriptionKey: translationKey,
        intercept: z.number().finite(),
        /** Dimension key -> weight on its z-score; dimensions left out weigh 0. */
        weights: z.record(localKey, z.number().finite()),
        /** INVESTMENT_STYLE: the lowest suitable risk class the style fits; it is indicated only from there on. */
        minRiskClass: riskClass.optional(),
      }),
    )
    .min(2)
    .max(8),
});
export type TPredictionModel = z.infer<typeof ZPredictionModel>;

const interactionId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'an interaction id is a lower-case slug');

/** A shared block named by id and version (decision 0013): its items, pages, rules and statement are part of the definition. */
export const ZBlockReference = z.object({ id: interactionId, version: z.number().int().min(1) });

const definitionFields = {
  /** The product's interaction slug (PRODUCT_TYPE_INFO); the file is <id>.v<version>.json. */
  id: interactionId,
  /** Bumped on every change that affects scoring; every version stays loaded, results store the one they used. */
  version: z.number().int().min(1),
  productType: z.enum(PRODUCT_TYPES),
  /** Version of the norms below, e.g. 2026.1; results store it. */
  normVersion: z.string().regex(/^\d{4}\.\d+$/, 'a norm version looks like 2026.1'),
  /** PROVISIONAL norms are set by expert judgement before a norm sample exists; reports must say so. */
  normStatus: z.enum(['PROVISIONAL', 'EMPIRICAL']),
  /** Who answers: the participant about themselves, or an evaluator about the participant. */
  respondent: z.enum(['SELF', 'OBSERVER']),
  /** An interaction with the same dimensions and item keys whose results can be set side by side (self vs observer). */
  comparableWith: interactionId.optional(),
  estimatedMinutes: z.number().int().min(1).max(120),
  nameKey: translationKey,
  introKey: translationKey,
  outroKey: translationKey,
  scales: z.array(ZAnswerScale),
  pages: z.array(ZQuestionnairePage).min(1),
  items: z.array(ZInteractionItem).min(1),
  dimensions: z.array(ZInteractionDimension).min(1),
  risk: ZRiskRules.optional(),
  /** Products that predict pass PREDICTING after CALCULATING (DESIGN.md section 3). */
  prediction: ZPredictionModel.optional(),
  /** The shared blocks the definition was assembled from (evidence only: their content is already merged in). */
  blocks: z.array(ZBlockReference).optional(),
  /** What the report's suitability statement shows. */
  suitability: ZSuitabilityStatement.optional(),
};

/**
 * A shared block file (definitions/blocks/<id>.v<version>.json): questions, pages, risk rules and a suitability
 * statement that several definitions include, e.g. the ESMA suitability topics of the three risk products.
 * Immutable once a definition uses it: a change is a new block version.
 */
export const ZDefinitionBlock = z.object({
  id: interactionId,
  version: z.number().int().min(1),
  scales: z.array(ZAnswerScale),
  items: z.array(ZInteractionItem).min(1),
  pages: z.array(ZQuestionnairePage).min(1),
  risk: ZRiskRulesObject.pick({ answerCaps: true, lossCaps: true, knowledgeTest: true, consistency: true }).optional(),
  suitability: ZSuitabilityStatement.optional(),
});
export type TDefinitionBlock = z.infer<typeof ZDefinitionBlock>;

/** A page of a definition file: its own, or one of an included block's pages by key (placed here). */
export const ZBlockPageReference = z.object({ fromBlock: interactionId, key: localKey });

/**
 * A definition file as written: like the definition, but it may include blocks and place their pages, and its
 * risk rules may leave to a block what the block defines. The loader assembles it, then checks it as a whole.
 */
export const ZInteractionDefinitionSource = z.object({
  ...definitionFields,
  pages: z.array(z.union([ZQuestionnairePage, ZBlockPageReference])).min(1),
  items: z.array(ZInteractionItem),
  risk: ZRiskRulesObject.partial().optional(),
});
export type TInteractionDefinitionSource = z.infer<typeof ZInteractionDefinitionSource>;

export const ZInteractionDefinition = z
  .object(definitionFields)
  .superRefine((def, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const duplicates = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);

    for (const k of duplicates(def.scales.map((s) => s.id))) issue(['scales'], `duplicate scale id ${k}`);
    for (const k of duplicates(def.items.map((i) => i.key))) issue(['items'], `duplicate item key ${k}`);
    for (const k of duplicates(def.dimensions.map((d) => d.key))) issue(['dimensions'], `duplicate dimension key ${k}`);
    for (const k of duplicates(def.pages.map((p) => p.key))) issue(['pages'], `duplicate page key ${k}`);

    const scales = new Map(def.scales.map((s) => [s.id, s]));
    const dimensions = new Map(def.dimensions.map((d) => [d.key, d]));
    const items = new Map(def.items.map((i) => [i.key, i]));
    const usedScales = new Set<string>();

    def.items.forEach((item, index) => {
      const dimension = item.dimension === null ? undefined : dimensions.get(item.dimension);
      if (item.dimension !== null && !dimension) issue(['items', index, 'dimension'], `item ${item.key}: unknown dimension ${item.dimension}`);
      if (item.type === 'likert') {
        usedScales.add(item.scale);
        const scale = scales.get(item.scale);
        if (!scale) {
          issue(['items', index, 'scale'], `item ${item.key}: unknown scale ${item.scale}`);
        } else if (dimension) {
          const min = scale.points[0]!.value;
          const max = scale.points[scale.points.length - 1]!.value;
          if (min !== dimension.range.min || max !== dimension.range.max) {
            issue(['items', index, 'scale'], `item ${item.key}: scale ${scale.id} (${min}-${max}) does not span the range of dimension ${dimension.key}`);
          }
        }
      } else {
        for (const k of duplicates(item.options.map((o) => o.key))) issue(['items', index, 'options'], `item ${item.key}: duplicate option key ${k}`);
        item.options.forEach((option, o) => {
          if (dimension && (option.score < dimension.range.min || option.score > dimension.range.max)) {
            issue(['items', index, 'options', o, 'score'], `item ${item.key}: option ${option.key} scores ${option.score}, outside ${dimension.range.min}-${dimension.range.max} of dimension ${dimension.key}`);
          }
        });
        const scores = item.options.map((o) => o.score);
        if (dimension && Math.min(...scores) === Math.max(...scores)) issue(['items', index, 'options'], `item ${item.key}: all options score the same`);
      }
    });
    def.scales.forEach((scale, index) => {
      if (!usedScales.has(scale.id)) issue(['scales', index], `scale ${scale.id} is used by no item`);
    });

    const onPage = new Map<string, number>();
    def.pages.forEach((page, p) => {
      page.itemKeys.forEach((key, k) => {
        if (!items.has(key)) issue(['pages', p, 'itemKeys', k], `page ${page.key}: unknown item ${key}`);
        onPage.set(key, (onPage.get(key) ?? 0) + 1);
      });
    });
    def.items.forEach((item, index) => {
      const count = onPage.get(item.key) ?? 0;
      if (count === 0) issue(['items', index], `item ${item.key} is on no page`);
      if (count > 1) issue(['items', index], `item ${item.key} is on ${count} pages`);
    });

    def.dimensions.forEach((dimension, index) => {
      const count = def.items.filter((i) => i.dimension === dimension.key).length;
      if (count === 0) issue(['dimensions', index], `dimension ${dimension.key} has no items`);
      if (dimension.minAnswered > count) {
        issue(['dimensions', index, 'minAnswered'], `dimension ${dimension.key}: minAnswered ${dimension.minAnswered} exceeds its ${count} items`);
      }
      const { min, max } = dimension.range;
      if (dimension.norm.mean <= min || dimension.norm.mean >= max) issue(['dimensions', index, 'norm', 'mean'], `dimension ${dimension.key}: norm mean lies outside its range`);
      // No distribution on [min, max] has a larger sd than half the range.
      if (dimension.norm.sd > (max - min) / 2) issue(['dimensions', index, 'norm', 'sd'], `dimension ${dimension.key}: norm sd is larger than the range allows`);
    });

    if (def.risk) checkRiskRules(def.risk, dimensions, items, scales, issue);
    if (def.suitability) checkSuitabilityStatement(def.suitability, items, issue);
    if (def.prediction) {
      for (const k of duplicates(def.prediction.classes.map((c) => c.key))) issue(['prediction', 'classes'], `duplicate prediction class ${k}`);
      // An investment style must respect the caps: every style says from which suitable risk class it fits, and one fits class 1.
      if (def.prediction.kind === 'INVESTMENT_STYLE') {
        def.prediction.classes.forEach((predictionClass, c) => {
          if (predictionClass.minRiskClass === undefined) issue(['prediction', 'classes', c, 'minRiskClass'], `investment style ${predictionClass.key} needs minRiskClass`);
        });
        if (!def.prediction.classes.some((c) => c.minRiskClass === RISK_CLASS_MIN)) issue(['prediction', 'classes'], 'one investment style must fit risk class 1');
      }
      def.prediction.classes.forEach((predictionClass, c) => {
        for (const key of Object.keys(predictionClass.weights)) {
          if (!dimensions.has(key)) issue(['prediction', 'classes', c, 'weights', key], `prediction class ${predictionClass.key}: unknown dimension ${key}`);
        }
      });
    }
  })
  .meta({ id: 'InteractionDefinition' });
export type TInteractionDefinition = z.infer<typeof ZInteractionDefinition>;

function checkRiskRules(
  risk: TRiskRules,
  dimensions: Map<string, TInteractionDimension>,
  items: Map<string, TInteractionItem>,
  scales: Map<string, TAnswerScale>,
  issue: (path: (string | number)[], message: string) => void,
) {
  const roles = ['toleranceDimension', 'capacityDimension', 'lossReactionDimension', 'horizonDimension', 'knowledgeDimension'] as const;
  for (const role of roles) {
    if (!dimensions.has(risk[role])) issue(['risk', role], `risk ${role}: unknown dimension ${risk[role]}`);
  }
  if (new Set(roles.map((r) => risk[r])).size !== roles.length) issue(['risk'], 'each risk role names a different dimension');

  const selfEstimate = items.get(risk.selfEstimateItem);
  if (!selfEstimate) {
    issue(['risk', 'selfEstimateItem'], `unknown self-estimate item ${risk.selfEstimateItem}`);
  } else {
    const scale = selfEstimate.type === 'likert' ? scales.get(selfEstimate.scale) : undefined;
    const spansClasses = scale && scale.points[0]!.value === RISK_CLASS_MIN && scale.points[scale.points.length - 1]!.value === RISK_CLASS_MAX;
    if (!spansClasses) issue(['risk', 'selfEstimateItem'], `self-estimate item ${selfEstimate.key} is a likert item on a ${RISK_CLASS_MIN}-${RISK_CLASS_MAX} scale`);
    if (selfEstimate.dimension !== null) issue(['risk', 'selfEstimateItem'], `self-estimate item ${selfEstimate.key} is scored into no dimension, so it can be checked against them`);
  }

  const tolerance = dimensions.get(risk.toleranceDimension);
  risk.classCuts.forEach((cut, i) => {
    if (i > 0 && cut <= risk.classCuts[i - 1]!) issue(['risk', 'classCuts', i], 'class cuts ascend strictly');
    if (tolerance && (cut <= tolerance.range.min || cut > tolerance.range.max)) issue(['risk', 'classCuts', i], 'class cuts lie within the tolerance range');
  });

  risk.caps.forEach((cap, c) => {
    const dimension = dimensions.get(cap.dimension);
    if (!dimension) issue(['risk', 'caps', c, 'dimension'], `risk cap: unknown dimension ${cap.dimension}`);
    if (cap.dimension === risk.toleranceDimension) issue(['risk', 'caps', c, 'dimension'], 'tolerance sets the class; it cannot cap it');
    cap.bands.forEach((band, b) => {
      const previous = cap.bands[b - 1];
      if (previous && (band.below <= previous.below || band.maxClass < previous.maxClass)) {
        issue(['risk', 'caps', c, 'bands', b], 'cap bands ascend: a higher score never allows a lower class');
      }
      if (dimension && (band.below <= dimension.range.min || band.below > dimension.range.max)) {
        issue(['risk', 'caps', c, 'bands', b, 'below'], `cap band lies outside the range of ${dimension.key}`);
      }
    });
  });

  checkAnswerRules(risk, items, issue);
}

type Issue = (path: (string | number)[], message: string) => void;

/** The choice item a rule reads, or an issue naming the rule and the key. */
function choiceItem(items: Map<string, TInteractionItem>, key: string, path: (string | number)[], issue: Issue): TChoiceItem | undefined {
  const item = items.get(key);
  if (!item) issue(path, `unknown item ${key}`);
  else if (item.type !== 'choice') issue(path, `item ${key} is not a choice item`);
  else return item;
  return undefined;
}

function checkOptionsCovered(item: TChoiceItem | undefined, values: Record<string, unknown>, path: (string | number)[], issue: Issue, every: boolean) {
  if (!item) return;
  const options = new Set(item.options.map((o) => o.key));
  for (const key of Object.keys(values)) if (!options.has(key)) issue(path, `item ${item.key} has no option ${key}`);
  if (every) for (const key of options) if (!(key in values)) issue(path, `item ${item.key}: option ${key} has no value`);
}

function checkAnswerRules(risk: TRiskRules, items: Map<string, TInteractionItem>, issue: Issue) {
  const capKeys = (risk.answerCaps ?? []).map((c) => c.key);
  for (const k of capKeys.filter((k, i) => capKeys.indexOf(k) !== i)) issue(['risk', 'answerCaps'], `duplicate answer cap ${k}`);
  (risk.answerCaps ?? []).forEach((cap, c) => {
    const item = choiceItem(items, cap.item, ['risk', 'answerCaps', c, 'item'], issue);
    checkOptionsCovered(item, cap.maxClass, ['risk', 'answerCaps', c, 'maxClass'], issue, false);
  });
  if (risk.lossCaps) {
    const { classLoss, percent, money } = risk.lossCaps;
    if (classLoss.some((loss, i) => i > 0 && loss < classLoss[i - 1]!)) issue(['risk', 'lossCaps', 'classLoss'], 'class losses never fall as the class rises');
    checkOptionsCovered(choiceItem(items, percent.item, ['risk', 'lossCaps', 'percent', 'item'], issue), percent.share, ['risk', 'lossCaps', 'percent', 'share'], issue, true);
    checkOptionsCovered(choiceItem(items, money.item, ['risk', 'lossCaps', 'money', 'item'], issue), money.loss, ['risk', 'lossCaps', 'money', 'loss'], issue, true);
    checkOptionsCovered(choiceItem(items, money.amountItem, ['risk', 'lossCaps', 'money', 'amountItem'], issue), money.amount, ['risk', 'lossCaps', 'money', 'amount'], issue, true);
  }
  if (risk.knowledgeTest) {
    const test = risk.knowledgeTest;
    test.questions.forEach((question, q) => {
      const item = choiceItem(items, question.item, ['risk', 'knowledgeTest', 'questions', q, 'item'], issue);
      if (item && !item.options.some((o) => o.key === question.correct)) issue(['risk', 'knowledgeTest', 'questions', q, 'correct'], `item ${item.key} has no option ${question.correct}`);
    });
    if (test.maxClassByFailed.length !== test.questions.length + 1) issue(['risk', 'knowledgeTest', 'maxClassByFailed'], 'maxClassByFailed has one class per possible number of failed questions (0 to all)');
    if (test.maxClassByFailed.some((c, i) => i > 0 && c > test.maxClassByFailed[i - 1]!)) issue(['risk', 'knowledgeTest', 'maxClassByFailed'], 'failing more questions never allows a higher class');
  }
}

function checkSuitabilityStatement(statement: TSuitabilityStatement, items: Map<string, TInteractionItem>, issue: Issue) {
  const shown = statement.sections.flatMap((s) => s.entries.map((e) => e.item));
  for (const k of shown.filter((k, i) => shown.indexOf(k) !== i)) issue(['suitability'], `item ${k} is shown twice in the statement`);
  statement.sections.forEach((section, s) => {
    section.entries.forEach((entry, e) => {
      if (!items.has(entry.item)) issue(['suitability', 'sections', s, 'entries', e], `unknown item ${entry.item}`);
    });
  });
  statement.remarks.forEach((remark, r) => {
    const item = choiceItem(items, remark.item, ['suitability', 'remarks', r, 'item'], issue);
    if (item) for (const option of remark.options) if (!item.options.some((o) => o.key === option)) issue(['suitability', 'remarks', r, 'options'], `item ${item.key} has no option ${option}`);
  });
}
