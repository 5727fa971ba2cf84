// Starting a review from the client's previous answers (docs/decisions/0093): the new questionnaire opens with the
// answers of the client's latest result in this product filled in, so the client confirms or changes each instead of
// answering from nothing; it names that result (review_of), against which the new one is shown. Answers to questions
// the current version no longer asks are left out (a later version may have dropped or changed an item).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Tx } from '../../db/client';
import { interactionInstances } from '../../db/schema';

export const REVIEW_ERRORS = {
  /** "Start from the previous answers" for a client without a result in this product. */
  noPreviousResult: 'error.review.no_previous_result',
} as const;

export async function previousAnswers(
  tx: Tx,
  clientId: string,
  productConfigurationId: string,
  definition: TInteractionDefinition,
): Promise<{ reviewOf: string; answers: Record<string, number | string> }> {
  const [previous] = await tx
    .select({ id: interactionInstances.id, answers: interactionInstances.answers })
    .from(interactionInstances)
    .where(
      and(
        eq(interactionInstances.clientId, clientId),
        eq(interactionInstances.productConfigurationId, productConfigurationId),
        inArray(interactionInstances.status, [...RESULT_STATUSES]),
      ),
    )
    .orderBy(desc(sql`coalesce(${interactionInstances.filledAt}, ${interactionInstances.createdAt})`), desc(interactionInstances.id))
    .limit(1);
  if (!previous) throw new AppError(REVIEW_ERRORS.noPreviousResult, 409, 'This client has no result in this product to start a review from');
  const asked = new Map(definition.items.map((item) => [item.key, item]));
  const answers = Object.fromEntries(
    Object.entries(previous.answers).filter(([key, value]) => {
      const item = asked.get(key);
      if (!item) return false;
      return item.type === 'choice' ? item.options.some((o) => o.key === value) : typeof value === 'number';
    }),
  );
  return { reviewOf: previous.id, answers };
}
