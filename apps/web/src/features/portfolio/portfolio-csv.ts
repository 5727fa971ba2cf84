// A CSV of holdings (issue 38 point 1, the later step): one row per holding with an asset-class column and an amount
// (or a weight in percent) column, comma or semicolon separated, read in the browser into the positions the PUT takes;
// the server then checks them like typed ones. Column names and asset classes are matched without case and spacing.
import { ASSET_CLASSES, type TAssetClass, type TPortfolioPosition } from '@bq/contracts/portfolio';
import { parseWeight } from './portfolio-form';

const CLASS_COLUMNS = ['assetclass', 'class', 'anlageklasse', 'klasse'];
const AMOUNT_COLUMNS = ['amount', 'value', 'marketvalue', 'betrag', 'wert', 'kurswert'];
const WEIGHT_COLUMNS = ['weight', 'share', 'percent', 'anteil', 'gewicht'];

const normalised = (text: string) => text.trim().toLowerCase().replace(/[\s_%-]/g, '');

/** The cells of one line; a quoted cell may hold the separator ("12,500.50"), and "" inside quotes is a quote. */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell];
}

export type CsvResult =
  | { positions: TPortfolioPosition[]; error: null }
  /** An errorKey-like translation key of the web texts, with the row (1 = the first data row) where it applies. */
  | { positions: null; error: { key: 'portfolio.csv.noColumns' | 'portfolio.csv.unknownClass' | 'portfolio.csv.badNumber' | 'portfolio.csv.empty'; row: number | null; value: string | null } };

export function parseHoldingsCsv(text: string): CsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const separator = (lines[0] ?? '').includes(';') ? ';' : ',';
  const header = cellsOf(lines[0] ?? '', separator).map(normalised);
  const classAt = header.findIndex((h) => CLASS_COLUMNS.includes(h));
  const amountAt = header.findIndex((h) => AMOUNT_COLUMNS.includes(h));
  const weightAt = header.findIndex((h) => WEIGHT_COLUMNS.includes(h));
  const valueAt = amountAt >= 0 ? amountAt : weightAt;
  if (classAt < 0 || valueAt < 0) return { positions: null, error: { key: 'portfolio.csv.noColumns', row: null, value: null } };
  if (lines.length < 2) return { positions: null, error: { key: 'portfolio.csv.empty', row: null, value: null } };
  const positions: TPortfolioPosition[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const cells = cellsOf(line, separator);
    const rawClass = (cells[classAt] ?? '').trim();
    const assetClass = ASSET_CLASSES.find((c) => normalised(c) === normalised(rawClass)) as TAssetClass | undefined;
    if (!assetClass) return { positions: null, error: { key: 'portfolio.csv.unknownClass', row: i + 1, value: rawClass } };
    const rawValue = (cells[valueAt] ?? '').trim();
    // Thousands separators of either convention: "12.500,50" and "12,500.50" are both twelve thousand and a half.
    const plain = /,\d{1,2}$/.test(rawValue) ? rawValue.replace(/\./g, '') : rawValue.replace(/,/g, '');
    const value = parseWeight(plain);
    if (Number.isNaN(value) || rawValue === '') return { positions: null, error: { key: 'portfolio.csv.badNumber', row: i + 1, value: rawValue } };
    positions.push(amountAt >= 0 ? { assetClass, amount: value } : { assetClass, weight: value });
  }
  return { positions, error: null };
}
