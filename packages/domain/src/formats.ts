// Date, number and currency formats of the three locales (spec sections 1 and 9), written by hand so server and browser agree.
import { parseIsoDate } from './iso-date';
import { DEFAULT_LOCALE, type Locale } from './locales';

interface LocaleFormat {
  dateOrder: 'DMY' | 'MDY';
  dateSeparator: string;
  clock: '24h' | '12h';
  thousands: string;
  decimal: string;
  /** The locale's own currency (amounts the product charges or records), and how each currency is written. */
  currency: CurrencyCode;
  currencies: Record<CurrencyCode, { symbol: string; position: 'prefix' | 'suffix' }>;
}

/** Currencies the product writes: euro amounts, and the US-dollar figures of the market history. */
export const CURRENCY_CODES = ['EUR', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

const FORMATS: Record<Locale, LocaleFormat> = {
  DE_DE: {
    dateOrder: 'DMY',
    dateSeparator: '.',
    clock: '24h',
    thousands: '.',
    decimal: ',',
    currency: 'EUR',
    currencies: { EUR: { symbol: '€', position: 'suffix' }, USD: { symbol: 'US$', position: 'suffix' } },
  },
  EN_UK: {
    dateOrder: 'DMY',
    dateSeparator: '/',
    clock: '24h',
    thousands: ',',
    decimal: '.',
    currency: 'EUR',
    currencies: { EUR: { symbol: '€', position: 'suffix' }, USD: { symbol: 'US$', position: 'prefix' } },
  },
  EN_US: {
    dateOrder: 'MDY',
    dateSeparator: '/',
    clock: '12h',
    thousands: ',',
    decimal: '.',
    currency: 'USD',
    currencies: { EUR: { symbol: '€', position: 'prefix' }, USD: { symbol: '$', position: 'prefix' } },
  },
};

/** The currency a locale's own amounts are in: euro in Germany and the UK setting, dollars in the US. */
export function localeCurrency(locale: Locale): CurrencyCode {
  return formatOf(locale).currency;
}

/** Decimals above this are noise for money and scores, and toFixed-like code paths stop being exact. */
export const MAX_DECIMALS = 20;

// A locale string read from storage can be anything at runtime; format it like the default rather than crash.
function formatOf(locale: Locale): LocaleFormat {
  return FORMATS[locale] ?? FORMATS[DEFAULT_LOCALE];
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function padYear(year: number): string {
  return year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
}

function datePart(date: Date, format: LocaleFormat, separator: string): string {
  const day = pad2(date.getUTCDate());
  const month = pad2(date.getUTCMonth() + 1);
  const year = padYear(date.getUTCFullYear());
  return format.dateOrder === 'MDY' ? [month, day, year].join(separator) : [day, month, year].join(separator);
}

/** DD.MM.YYYY, DD/MM/YYYY or MM/DD/YYYY of the UTC calendar date; '' for an invalid or non-ISO date. */
export function formatDate(date: Date | string, locale: Locale): string {
  const parsed = parseIsoDate(date);
  if (!parsed) return '';
  const format = formatOf(locale);
  return datePart(parsed, format, format.dateSeparator);
}

/** The date plus the UTC time: 24h HH:mm for DE_DE and EN_UK, h:mm AM/PM for EN_US; '' when invalid. */
export function formatDateTime(date: Date | string, locale: Locale): string {
  const parsed = parseIsoDate(date);
  if (!parsed) return '';
  const format = formatOf(locale);
  const hours = parsed.getUTCHours();
  const minutes = pad2(parsed.getUTCMinutes());
  const time =
    format.clock === '24h'
      ? `${pad2(hours)}:${minutes}`
      : `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${datePart(parsed, format, format.dateSeparator)} ${time}`;
}

/** DD-MM-YYYY or MM-DD-YYYY for download file names (spec section 9); '' when invalid. */
export function fileNameDate(date: Date | string, locale: Locale): string {
  const parsed = parseIsoDate(date);
  return parsed ? datePart(parsed, formatOf(locale), '-') : '';
}

interface RoundedNumber {
  negative: boolean;
  integer: string;
  fraction: string;
}

// Rounds on the shortest decimal text of the number, not on the binary value, so 1.005 rounds to 1.01 as a person
// reading "1.005" expects (Math.round(1.005 * 100) gives 1.00).
function roundDecimal(value: number, decimals: number): RoundedNumber {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)));
  if (!match) throw new Error(`Unexpected number text for ${value}`);
  const [, intDigits = '', fracDigits = '', exponentText = '0'] = match;
  const digits = intDigits + fracDigits;
  const pointAt = intDigits.length + Number(exponentText);

  let integer: string;
  let fraction: string;
  if (pointAt <= 0) {
    integer = '0';
    fraction = '0'.repeat(-pointAt) + digits;
  } else if (pointAt >= digits.length) {
    integer = digits + '0'.repeat(pointAt - digits.length);
    fraction = '';
  } else {
    integer = digits.slice(0, pointAt);
    fraction = digits.slice(pointAt);
  }

  if (fraction.length > decimals) {
    const roundUp = (fraction[decimals] ?? '0') >= '5';
    const kept = incrementIf(integer + fraction.slice(0, decimals), roundUp);
    integer = kept.slice(0, kept.length - decimals);
    fraction = kept.slice(kept.length - decimals);
  } else {
    fraction = fraction.padEnd(decimals, '0');
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  // -0.001 shown with two decimals is 0.00, not -0.00.
  const negative = value < 0 && /[1-9]/.test(integer + fraction);
  return { negative, integer, fraction };
}

function incrementIf(digits: string, roundUp: boolean): string {
  if (!roundUp) return digits;
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return `1${chars.join('')}`;
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

function unsignedText(rounded: RoundedNumber, format: LocaleFormat): string {
  const grouped = rounded.integer.replace(/\B(?=(\d{3})+(?!\d))/g, format.thousands);
  return rounded.fraction ? `${grouped}${format.decimal}${rounded.fraction}` : grouped;
}

/**
 * 1.234,56 (DE_DE) or 1,234.56 (EN_UK, EN_US), rounded half away from zero; '' for NaN and infinities.
 * Throws a RangeError when decimals is not an integer from 0 to MAX_DECIMALS.
 */
export function formatNumber(value: number, locale: Locale, decimals = 2): string {
  checkDecimals(decimals);
  if (!Number.isFinite(value)) return '';
  const rounded = roundDecimal(value, decimals);
  return `${rounded.negative ? '-' : ''}${unsignedText(rounded, formatOf(locale))}`;
}

/**
 * A fraction as a percentage, the one rule for every page, export and report: 0.33 -> "33%" in English, "33 %" in
 * German with a no-break space (DIN 5008 spaces the sign; the no-break space keeps number and sign on one line).
 * '' for NaN and infinities.
 */
export function formatPercent(fraction: number, locale: Locale, decimals = 0): string {
  const number = formatNumber(fraction * 100, locale, decimals);
  if (number === '') return '';
  return locale === 'DE_DE' ? `${number}\u00a0%` : `${number}%`;
}

/** Like formatPercent, with a plus before gains: "+7.1%", "-3.0%", "0.0%" (no plus on a rounded zero). */
export function formatSignedPercent(fraction: number, locale: Locale, decimals = 0): string {
  const text = formatPercent(fraction, locale, decimals);
  return fraction > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/**
 * An amount in its own currency, written the locale's way: $1,234.56 and -$1,234.56 (EN_US), 1.234,56 € (DE_DE),
 * 1,234.56 € (EN_UK) for the locale's currency; US-dollar figures outside the US as US$1,234.56 (EN_UK) or
 * 1.234,56 US$ (DE_DE), never with the locale's symbol. '' for NaN and infinities.
 */
export function formatCurrency(value: number, locale: Locale, decimals = 2, currency?: CurrencyCode): string {
  checkDecimals(decimals);
  if (!Number.isFinite(value)) return '';
  const format = formatOf(locale);
  const rounded = roundDecimal(value, decimals);
  const sign = rounded.negative ? '-' : '';
  const amount = unsignedText(rounded, format);
  const { symbol, position } = format.currencies[currency ?? format.currency];
  return position === 'prefix' ? `${sign}${symbol}${amount}` : `${sign}${amount} ${symbol}`;
}

/** The BCP 47 tag of each locale, for the platform's Intl (relative time). */
const INTL_TAGS: Record<Locale, string> = { EN_US: 'en-US', EN_UK: 'en-GB', DE_DE: 'de-DE' };

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago (or how far ahead) a moment is, in the locale's words through Intl.RelativeTimeFormat: "3 days ago",
 * "yesterday", "vor 3 Tagen", "in 2 weeks". The largest unit that fits is used, rounded down; '' when invalid.
 */
export function formatRelativeTime(date: Date | string, locale: Locale, now: Date = new Date()): string {
  const parsed = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(parsed.getTime())) return '';
  const seconds = (parsed.getTime() - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => abs >= s) ?? ['second', 1];
  const value = Math.sign(seconds) * Math.floor(abs / size);
  return new Intl.RelativeTimeFormat(INTL_TAGS[locale], { numeric: 'auto' }).format(value === 0 ? 0 : value, unit);
}
