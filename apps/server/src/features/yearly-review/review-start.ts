// Starting a review from the client's previous answers (docs/decisions/0093): the new questionnaire opens with the
// answers of the client's latest result in this product filled in, so the client confirms or changes each instead of
// answering from nothing; it names that result (review_of), against which the new one is shown. Answers to questions
// the current version no longer asks are left out (a later version may have dropped or changed an item). The single
// send and a bulk send's chunk both read them here.
import { sql } from 'drizzle-orm';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Tx } from '../../db/client';
import { sqlList } from '../../db/sql-list';

export const REVIEW_ERRORS = {
  /** "Start from the previous answers" for a client without a result in this product. */
  noPreviousResult: 'error.review.no_previous_result',
} as const;

export interface PreviousAnswers {
  reviewOf: string;
  answers: Record<string, number | string>;
}

/** The answers the current version still asks, as it asks them (a choice among its options, a number on a scale). */
function stillAsked(definition: TInteractionDefinition, answers: Record<string, number | string>): Record<string, number | string> {
  const asked = new Map(definition.items.map((item) => [item.key, item]));
  return Object.fromEntries(
    Object.entries(answers).filter(([key, value]) => {
      const item = asked.get(key);
      if (!item) return false;
      return item.type === 'choice' ? item.options.some((o) => o.key === value) : typeof value === 'number';
    }),
  );
}

/** Per client (of those given) that has a result in this product: its latest result and the answers to start from. */
export async function previousAnswersOf(
  tx: Tx,
  clientIds: string[],
  productConfigurationId: string,
  definition: TInteractionDefinition,
): Promise<Map<string, PreviousAnswers>> {
  if (clientIds.length === 0) return new Map();
  const rows = (
    (await tx.execute(sql`
      select distinct on (client_id) client_id as "clientId", id, answers from interaction_instances
      where client_id = any(${`{${clientIds.join(',')}}`}::uuid[]) and product_configuration_id = ${productConfigurationId}
        and status in (${sqlList(RESULT_STATUSES)})
      order by client_id, coalesce(filled_at, created_at) desc, id desc`)) as unknown as {
      rows: { clientId: string; id: string; answers: Record<string, number | string> }[];
    }
  ).rows;
  return new Map(rows.map((r) => [r.clientId, { reviewOf: r.id, answers: stillAsked(definition, r.answers) }]));
}

export async function previousAnswers(tx: Tx, clientId: string, productConfigurationId: string, definition: TInteractionDefinition): Promise<PreviousAnswers> {
  const previous = (await previousAnswersOf(tx, [clientId], productConfigurationId, definition)).get(clientId);
  if (!previous) throw new AppError(REVIEW_ERRORS.noPreviousResult, 409, 'This client has no result in this product to start a review from');
  return previous;
}
