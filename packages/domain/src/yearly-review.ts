// The yearly review (docs/decisions/0093), shared by server and web: which products have one, and when it falls due.
import { PRODUCT_TYPES, PRODUCT_TYPE_INFO, type ProductType } from './product-types';

/** The risk products, whose result (a risk profile) a periodic suitability review renews. */
export const REVIEW_PRODUCT_TYPES: readonly ProductType[] = PRODUCT_TYPES.filter((type) => PRODUCT_TYPE_INFO[type].dashboardKind === 'BQA');

/** The result's date plus the period, in calendar months (31 January + 1 month is the last day of February). */
export function reviewDueAt(finishedAt: Date, months: number): Date {
  const due = new Date(finishedAt);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

/** The client list's "review due" filter: due now, or due by the end of the current month (the month's review round). */
export type ReviewDueFilter = 'now' | 'month';

/** The moment a review must have fallen due by to match the filter: now, or the last instant of this month (UTC). */
export function reviewDueCutoff(filter: ReviewDueFilter, now: Date): Date {
  return filter === 'now' ? now : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1);
}
