// Numbers and dates of the PDF in the content's locale. Dates and numbers use the product's hand-written locale
// formats (@bq/domain/formats: DD.MM.YYYY and 1.234,5 in German) so the PDF matches the web app; month names come
// from Intl with the locale's BCP 47 tag.
import { formatCurrency, formatNumber, formatPercent, type CurrencyCode } from '@bq/domain/formats';
import { formatReportDate } from '@bq/domain/report-dates';
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';

export interface ReportFormat {
  locale: Locale;
  /** 03.04.2026, 03/04/2026 or 04/03/2026; "April 2026" for a month-only value (anonymised); '' for a missing date. */
  date: (iso: string | null) => string;
  number: (value: number, decimals?: number) => string;
  /** A fraction as a percentage: 0.125 -> "12.5%", German "12,5 %" (no-break space, as DIN 5008 writes it). */
  percent: (fraction: number, decimals?: number) => string;
  /** Like percent, with a plus before gains: "+7.1%". */
  signedPercent: (fraction: number, decimals?: number) => string;
  /** A signed plain number: "+1.47", German "+1,47". */
  signedNumber: (value: number, decimals?: number) => string;
  /** An amount in the currency it is in (never assumed from the locale): US$100, German 100 US$. */
  currency: (value: number, currency: CurrencyCode, decimals?: number) => string;
  /** "Jan 1931", German "Jan. 1931" (style short) or "January 1931" (long). */
  monthYear: (iso: string, style?: 'short' | 'long') => string;
  /** "Jan 1931 – Jan 1932"; '' when a date is missing (projections have no spans). */
  monthSpan: (from: string, to: string) => string;
}

// One per locale for the process: building Intl formatters is slow (it was the report content's largest own cost
// in the profile, docs/decisions/0026), and a ReportFormat holds nothing but them and pure functions.
const formats = new Map<Locale, ReportFormat>();

export function reportFormat(locale: Locale): ReportFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = buildReportFormat(locale)));
  return format;
}

function buildReportFormat(locale: Locale): ReportFormat {
  const tag = LOCALE_TAGS[locale];
  const months = {
    short: new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    long: new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
  const withSign = (value: number, text: string) => (value > 0 && /[1-9]/.test(text) ? `+${text}` : text);
  // The domain's one percent rule, shared with the web app.
  const percent = (fraction: number, decimals = 1) => formatPercent(fraction, locale, decimals);
  const monthYear = (iso: string, style: 'short' | 'long' = 'short') => {
    const match = /^(\d{4})-(\d{2})/.exec(iso);
    if (!match) return iso;
    return months[style].format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
  };
  return {
    locale,
    date: (iso) => formatReportDate(iso, locale),
    number: (value, decimals = 1) => formatNumber(value, locale, decimals),
    percent,
    signedPercent: (fraction, decimals = 1) => withSign(fraction, percent(fraction, decimals)),
    signedNumber: (value, decimals = 2) => withSign(value, formatNumber(value, locale, decimals)),
    currency: (value, currency, decimals = 0) => formatCurrency(value, locale, decimals, currency),
    monthYear,
    monthSpan: (from, to) => (from && to ? `${monthYear(from)} – ${monthYear(to)}` : ''),
  };
}
