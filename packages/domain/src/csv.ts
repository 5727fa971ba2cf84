// The one CSV writer of every file the server writes (the data export, the repeated-measurement CSV): UTF-8 with a
// byte-order mark (so Excel reads umlauts), ';' between fields and a decimal comma for DE_DE (Excel's list
// separator there), ',' and a decimal point for EN_US and EN_UK, CRLF line ends; a field with a separator, quote
// or line break is quoted with quotes doubled (RFC 4180). Text that a spreadsheet would run as a formula is
// neutralised (docs/decisions/0034-csv-injection-and-names.md).
import { formatNumber } from './formats';
import type { Locale } from './locales';

export const CSV_BOM = '\uFEFF';

/**
 * A cell: text (anything a person typed, a translation, a formatted date) is always checked for a formula start;
 * a number is written by the server itself in the locale's format and is never a formula, so -2.5 stays -2.5.
 */
export type CsvCell = string | null | undefined | { number: number | null | undefined; decimals: number };

export function csvSeparator(locale: Locale): ';' | ',' {
  return locale === 'DE_DE' ? ';' : ',';
}

/** A number cell with a fixed count of decimals; empty when there is no finite number. */
export function csvNumber(value: number | null | undefined, decimals = 1): CsvCell {
  return { number: value, decimals };
}

// =, +, - and @ start a formula in Excel, LibreOffice and Google Sheets; a leading tab or carriage return is
// dropped by some of them and the rest then read as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that starts like a formula gets a leading apostrophe, which spreadsheets show as text and do not run. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(cell: CsvCell, locale: Locale): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return neutraliseFormula(cell);
  const { number, decimals } = cell;
  if (number === null || number === undefined || !Number.isFinite(number)) return '';
  return formatNumber(number, locale, decimals);
}

function quoted(text: string, separator: string): string {
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ending in CRLF. */
export function csvLine(cells: readonly CsvCell[], locale: Locale): string {
  const separator = csvSeparator(locale);
  return cells.map((cell) => quoted(cellText(cell, locale), separator)).join(separator) + '\r\n';
}
