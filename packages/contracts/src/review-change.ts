// The new result of a yearly review against the one it reviewed (docs/decisions/0093 addendum): the adviser's panel
// "Changed since the last review" on the client's page. The dimensions are the repeated-measurement comparison
// (T scores with the reliable change index), the same rows the campaigns show.
import { z } from 'zod';
import { ZDimensionChange } from './repeated-measurements';

export const ZReviewAnswerChange = z
  .object({
    itemKey: z.string(),
    /** The question in the reader's language. */
    question: z.string(),
    /** The answer as the client gave it, in the reader's language; null when it was not answered. */
    previous: z.string().nullable(),
    latest: z.string().nullable(),
  })
  .meta({ id: 'ReviewAnswerChange' });

export const ZReviewChange = z
  .object({
    previous: z.object({ token: z.string(), finishedAt: z.string(), riskClass: z.number().int().nullable() }),
    latest: z.object({ token: z.string(), finishedAt: z.string(), riskClass: z.number().int().nullable() }),
    /** The suitable risk class: up (a riskier class now suits), down, unchanged; null when either has none. */
    classMoved: z.enum(['up', 'down', 'unchanged']).nullable(),
    /** Only the answers that differ, in the questionnaire's order. */
    answers: z.array(ZReviewAnswerChange),
    dimensions: z.array(ZDimensionChange),
  })
  .meta({ id: 'ReviewChange' });
export type TReviewChange = z.infer<typeof ZReviewChange>;
