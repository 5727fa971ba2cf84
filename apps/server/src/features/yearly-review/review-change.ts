// "Changed since the last review" (docs/decisions/0093 addendum): a review's result against the result it started
// from (review_of): the suitable risk class then and now, the answers the client changed, and per dimension the
// repeated-measurement comparison (features/repeated-measurements, T scores with the reliable change index), not a
// second one. The adviser's text: it is part of the client profile, never of the client's report.
import { and, eq } from 'drizzle-orm';
import type { TReviewChange } from '@bq/contracts/review-change';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import type { Db } from '../../db/client';
import { interactionInstances } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import type { ProductConfigurationRow } from '../products/product-access';
import { answerLabel } from '../explanation/result-explanation';
import { definitionForProduct } from '../interactions/definitions';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { dimensionNames } from '../repeated-measurements/campaigns';
import { dimensionChanges } from '../repeated-measurements/measurement-change';
import { readerLocale } from '../results/dashboard-content';
import { isLocked } from '../results/locked-results';

type Instance = typeof interactionInstances.$inferSelect;

const finishedAt = (i: Instance) => (i.filledAt ?? i.createdAt).toISOString();
const riskClassOf = (i: Instance) => i.results?.risk?.suitableClass ?? null;

/** Null unless `latest` is a review whose reviewed result is still there and both are open to the adviser (unlocked). */
export async function reviewChange(db: Db, auth: AuthContext, config: ProductConfigurationRow, latest: Instance | undefined): Promise<TReviewChange | null> {
  if (!latest?.reviewOf || !hasResult(latest.status) || isLocked(latest.lockStatus)) return null;
  const [previous] = await db
    .select()
    .from(interactionInstances)
    .where(and(eq(interactionInstances.id, latest.reviewOf), eq(interactionInstances.clientId, latest.clientId), eq(interactionInstances.productConfigurationId, config.id)));
  if (!previous || !hasResult(previous.status) || isLocked(previous.lockStatus)) return null;
  const locale = await readerLocale(db, auth, undefined);
  const definition = definitionForProduct(config.productType);
  const texts = await definitionTexts(db, definition, locale, ['ITEM', 'CHOICE']);
  const answers = definition.items
    .filter((item) => previous.answers[item.key] !== latest.answers[item.key])
    .map((item) => ({
      itemKey: item.key,
      question: texts[item.textKey] ?? item.key,
      previous: answerLabel(definition, item.key, previous.answers[item.key], texts),
      latest: answerLabel(definition, item.key, latest.answers[item.key], texts),
    }));
  const [before, after] = [riskClassOf(previous), riskClassOf(latest)];
  return {
    previous: { token: previous.token, finishedAt: finishedAt(previous), riskClass: before },
    latest: { token: latest.token, finishedAt: finishedAt(latest), riskClass: after },
    classMoved: before === null || after === null ? null : after > before ? 'up' : after < before ? 'down' : 'unchanged',
    answers,
    dimensions: dimensionChanges(await dimensionNames(db, config.productType, locale), previous.results?.dimensions, latest.results?.dimensions),
  };
}
