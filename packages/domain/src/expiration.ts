// Expiry badge of an interaction instance, from the UTC calendar month of its expiry date (DESIGN.md section 3).
import { isOpenForAnswers, type InteractionStatus } from './interaction-lifecycle';
import { parseIsoDate } from './iso-date';

export type ExpirationStatus = 'EXPIRED' | 'EXPIRE_THIS_MONTH' | 'EXPIRE_NEXT_MONTH';

// Counting months from year 0 turns "next month" into +1 and handles December -> January for free.
const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();

/** Null when there is no (valid) expiry date or it lies beyond next month; expiring exactly now counts as expired. */
export function expirationStatus(expiresAt: Date | string | null, now: Date): ExpirationStatus | null {
  const expiry = expiresAt === null ? null : parseIsoDate(expiresAt);
  const today = parseIsoDate(now);
  if (!expiry || !today) return null;
  if (expiry.getTime() <= today.getTime()) return 'EXPIRED';
  const monthsAhead = monthIndex(expiry) - monthIndex(today);
  if (monthsAhead === 0) return 'EXPIRE_THIS_MONTH';
  if (monthsAhead === 1) return 'EXPIRE_NEXT_MONTH';
  return null;
}

/**
 * The badge an instance shows: only a questionnaire still waiting for its participant (NEW, OPENED) can expire;
 * once submitted, its expiry date no longer matters and a badge would only alarm the adviser.
 */
export function instanceExpirationStatus(status: string, expiresAt: Date | string | null, now: Date): ExpirationStatus | null {
  // isOpenForAnswers compares names only, so any other string (a list row without an instance) is simply not open.
  return isOpenForAnswers(status as InteractionStatus) ? expirationStatus(expiresAt, now) : null;
}
