// When a client's yearly review is due (issue 38 point 2, docs/decisions/0093): in a risk product whose review period
// is on (reviewEveryMonths > 0), when the client's latest questionnaire has a result and that result is older than the
// period. A newer questionnaire (the review itself, or any other) means it is under way: not due. One rule, used by
// the client list's filter and column, the reminder count and the worker's notice.
import { sql, type SQL } from 'drizzle-orm';
import { RESULT_STATUSES, hasResult, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { ProductType } from '@bq/domain/product-types';
import { REVIEW_PRODUCT_TYPES, reviewDueAt, reviewDueCutoff, type ReviewDueFilter } from '@bq/domain/yearly-review';

export { REVIEW_PRODUCT_TYPES, reviewDueAt };
import type { Db } from '../../db/client';
import { sqlList } from '../../db/sql-list';

/** Products whose result is a risk profile: the ones MiFID II's periodic suitability review is about. */
export function hasYearlyReview(config: { productType: ProductType; reviewEveryMonths: number }): boolean {
  return REVIEW_PRODUCT_TYPES.includes(config.productType) && config.reviewEveryMonths > 0;
}

/** The due date a list row shows: its latest questionnaire's result date plus the period, or null. */
export function rowReviewDueAt(
  config: { productType: ProductType; reviewEveryMonths: number },
  latest: { status: string | null; finishedAt: Date | string | null },
): string | null {
  if (!hasYearlyReview(config) || !latest.status || !latest.finishedAt || !hasResult(latest.status as InteractionStatus)) return null;
  return reviewDueAt(new Date(latest.finishedAt), config.reviewEveryMonths).toISOString();
}

/**
 * The membership condition "review due by `at`" over client_products `cp` of one configuration: its latest instance (the
 * trigger-kept cp.latest_instance_id) has a result finished at least the period before `at`.
 */
export function reviewDueSql(months: number, at: Date): SQL {
  return sql`exists (
    select 1 from interaction_instances ri
    where ri.id = cp.latest_instance_id and ri.status in (${sqlList(RESULT_STATUSES)})
      and coalesce(ri.filled_at, ri.created_at) <= ${at.toISOString()}::timestamptz - make_interval(months => ${months}::int))`;
}

/**
 * The client list's "review due" filter over client_products `cp` (the list and a bulk send's "everyone matching" both
 * use it): due now, or by the end of this month; a product without reviews has none due.
 */
export function reviewDueFilterSql(config: { productType: ProductType; reviewEveryMonths: number }, filter: ReviewDueFilter, now = new Date()): SQL {
  return hasYearlyReview(config) ? reviewDueSql(config.reviewEveryMonths, reviewDueCutoff(filter, now)) : sql`false`;
}

/** How many active clients of the account's risk products are due for their review at `at` (the shell's reminders). */
export async function reviewsDue(db: Db, accountId: string, at: Date): Promise<number> {
  const found = (await db.execute(sql`
    select count(*) as n from client_products cp
    join product_configurations pc on pc.id = cp.product_configuration_id
    join interaction_instances ri on ri.id = cp.latest_instance_id
    where cp.account_id = ${accountId} and cp.active and pc.review_every_months > 0
      and pc.product_type in (${sqlList(REVIEW_PRODUCT_TYPES)}) and ri.status in (${sqlList(RESULT_STATUSES)})
      and coalesce(ri.filled_at, ri.created_at) <= ${at.toISOString()}::timestamptz - make_interval(months => pc.review_every_months)`)) as unknown as { rows: { n: number | string }[] };
  return Number(found.rows[0]?.n ?? 0);
}
