// "Why this score" (issue 25 point 4, docs/decisions/0053): GET /api/dashboard/{token}/explanation?locale= gives,
// per dimension of a result, which answers moved it and by how much (exact: the scoring is rule based), and for a
// client with a weight profile that dimension's gap, weight and the fit points it costs.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';

export const ZAnswerContribution = z.object({
  itemKey: z.string(),
  /** The question in the reader's language. */
  text: z.string(),
  /** The answer as the participant saw it (the scale point's or option's label); null: not answered. */
  answer: z.string().nullable(),
  /** The item score after reverse keying; null: not answered (it does not count). */
  itemScore: z.number().nullable(),
  reverse: z.boolean(),
  /** The answer's share of the raw score (item score / answered items); the shares add up to the raw score. */
  raw: z.number().nullable(),
  /** T points this answer moved the score from 50 (exact); 50 + the sum of these is the T-score. */
  t: z.number().nullable(),
  /** The same to one decimal, rounded so that 50 + the shown values is the shown T-score. */
  tShown: z.number().nullable(),
});

export const ZDimensionFitShare = z.object({
  target: z.number(),
  weight: z.number().int(),
  /** |T - target| in T points; null when the dimension has no score. */
  gap: z.number().nullable(),
  /** The gap in norm sds: gap / 10. */
  gapSd: z.number().nullable(),
  /** weight x gapSd^2 (docs/decisions/0074). */
  weightedSquaredGap: z.number().nullable(),
  /** Fit points this dimension costs: 100 - fit shared in proportion to weight x gapSd^2. */
  pointsLost: z.number().nullable(),
});

export const ZDimensionExplanation = z.object({
  key: z.string(),
  name: z.string(),
  computable: z.boolean(),
  answered: z.number().int(),
  itemCount: z.number().int(),
  raw: z.number().nullable(),
  /** The T-score as the dashboard shows it (one decimal). */
  t: z.number().nullable(),
  /** Mean and sd of the norm group's raw scores: T = 50 + 10 (raw - mean) / sd. */
  norm: z.object({ mean: z.number(), sd: z.number() }),
  /** 50: where the T-score starts before any answer counts. */
  baseline: z.number(),
  answers: z.array(ZAnswerContribution),
  /** This dimension's share of the fit to the client's weight profile; null without a profile or weight. */
  fit: ZDimensionFitShare.nullable(),
});

export const ZResultExplanation = z
  .object({
    instanceToken: z.string(),
    locale: z.enum(LOCALES),
    /** The weight profile the fit is computed against; null when the client has none. */
    fitProfile: z.object({ profileName: z.string(), fit: z.number().int().nullable() }).nullable(),
    dimensions: z.array(ZDimensionExplanation),
  })
  .meta({ id: 'ResultExplanation' });
export type TResultExplanation = z.infer<typeof ZResultExplanation>;
export type TDimensionExplanation = z.infer<typeof ZDimensionExplanation>;
