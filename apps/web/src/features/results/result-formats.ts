// Number and date formats of the result dashboard on top of the locale formats: percentages of fractions
// ("12.5%", German "12,5 %"), signed returns ("+7.1%"), and month spans of the market history ("Jan 1931").
import { formatPercent as domainPercent, formatSignedPercent as domainSignedPercent } from '@bq/domain/formats';
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';

/** A fraction as a percentage, one decimal by default: the domain's one percent rule (lib/formats). */
export function formatPercent(fraction: number, locale: Locale, decimals = 1): string {
  return domainPercent(fraction, locale, decimals);
}

/** Like formatPercent, with a plus before gains: "+7.1%", "-3.0%", "0.0%". */
export function formatSignedPercent(fraction: number, locale: Locale, decimals = 1): string {
  return domainSignedPercent(fraction, locale, decimals);
}

/** Built once per locale: a risk table formats four months a row, and constructing the formatter is the cost. */
const shortMonthFormats = new Map<Locale, Intl.DateTimeFormat>();

/** The month of an ISO date ("1931-01-01") in words: "Jan 1931", "Jan. 1931"; the text itself when unreadable. */
export function formatMonthYear(isoDate: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  let format = shortMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: 'short', year: 'numeric', timeZone: 'UTC' });
    shortMonthFormats.set(locale, format);
  }
  return format.format(date);
}

/** "Jan 1931 – Jan 1932"; '' when the span is unknown (projections have none). */
export function formatMonthSpan(from: string, to: string, locale: Locale): string {
  if (!from || !to) return '';
  return `${formatMonthYear(from, locale)} – ${formatMonthYear(to, locale)}`;
}
