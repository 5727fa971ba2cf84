// Dates of an anonymised report are kept to the month ("2026-11"): an exact completion or resolution day, together
// with the adviser and the account, can single a client out, a month rarely does (docs/decisions/0015). The same
// field holds a full ISO timestamp in a named report, so renderers tell the two apart by the value's shape.
import { formatDate } from './formats';
import { parseIsoDate } from './iso-date';
import { LOCALE_TAGS, type Locale } from './locales';

const MONTH_ONLY = /^(\d{4})-(\d{2})$/;

/** The calendar month (UTC) of a date as "YYYY-MM"; '' when the date is not valid ISO. */
export function monthOf(date: Date | string): string {
  const parsed = parseIsoDate(date);
  if (!parsed) return '';
  return `${String(parsed.getUTCFullYear()).padStart(4, '0')}-${String(parsed.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function isMonthOnly(value: string): boolean {
  return MONTH_ONLY.test(value);
}

/** Built once per locale: constructing an Intl formatter costs far more than formatting with it. */
const monthYearFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "November 2026" (German "November 2026") for "2026-11"; '' when it is not a month. */
export function formatMonthYear(value: string, locale: Locale): string {
  const match = MONTH_ONLY.exec(value);
  if (!match) return '';
  const month = Number(match[2]);
  if (month < 1 || month > 12) return '';
  let format = monthYearFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthYearFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), month - 1, 1)));
}

/** A report date as shown: the month and year of a month-only value, else the locale's date; '' when missing. */
export function formatReportDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  return isMonthOnly(value) ? formatMonthYear(value, locale) : formatDate(value, locale);
}
