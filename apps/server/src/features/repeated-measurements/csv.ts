// CSV the way a spreadsheet of the reader's locale opens it (docs/decisions/0020): UTF-8 with a byte-order mark (so
// Excel reads umlauts), ';' between fields and a decimal comma for DE_DE (Excel's list separator there), ',' and
// a decimal point for EN_US and EN_UK; fields with a separator, quote or line break are quoted, quotes doubled.
import type { Locale } from '@bq/domain/locales';

export const CSV_BOM = '\uFEFF';

export function csvSeparator(locale: Locale): ';' | ',' {
  return locale === 'DE_DE' ? ';' : ',';
}

/** A number with a fixed count of decimals and the locale's decimal mark, without thousands separators. */
export function csvNumber(value: number | null | undefined, locale: Locale, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = value.toFixed(decimals);
  return locale === 'DE_DE' ? text.replace('.', ',') : text;
}

// A leading =, +, - or @ would make a spreadsheet run the text as a formula (CSV injection); a quote disarms it.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string, separator: string): string {
  const safe = FORMULA_START.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: string[], locale: Locale): string {
  const separator = csvSeparator(locale);
  return fields.map((f) => csvField(f, separator)).join(separator) + '\r\n';
}
