// Writes export rows as they come: CSV through csv-stringify, XLSX through exceljs's streaming WorkbookWriter.
// Both pull one batch at a time and wait while the response is not being read, so memory stays flat however
// large the export is (docs/decisions/0022-data-export-and-scale.md).
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { formatDate, formatNumber } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import type { CellValue, ExportColumn } from './export-columns';
import type { ExportRow } from './export-rows';

/** Separator a spreadsheet in that language expects when it opens a .csv: German Excel splits on ';'. */
export const CSV_DELIMITER: Record<Locale, string> = { EN_US: ',', EN_UK: ',', DE_DE: ';' };
const BOM = '\uFEFF';

/**
 * Text that starts like a formula (=, +, -, @, tab, carriage return) gets a leading apostrophe, so a spreadsheet
 * shows it instead of running it (CSV injection; OWASP). Only user-typed text passes here, never numbers.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvCell(column: ExportColumn, value: CellValue, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'date':
      return formatDate(value instanceof Date ? value.toISOString() : String(value), locale);
    case 'decimal':
      return typeof value === 'number' ? formatNumber(value, locale, 1) : '';
    case 'integer':
      return typeof value === 'number' ? formatNumber(value, locale, 0) : '';
    default:
      return neutraliseFormula(String(value));
  }
}

/** A UTF-8 CSV with BOM, header row first, the locale's separator, decimal mark and date order. */
export function csvStream(columns: ExportColumn[], batches: AsyncIterable<ExportRow[]>, locale: Locale): Readable {
  const options = { delimiter: CSV_DELIMITER[locale], record_delimiter: '\r\n' as const, quoted_string: false };
  async function* lines(): AsyncGenerator<string> {
    yield BOM + stringify([columns.map((c) => c.header)], options);
    for await (const batch of batches) {
      yield stringify(
        batch.map((row) => columns.map((column) => csvCell(column, column.value(row), locale))),
        options,
      );
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

const XLSX_DATE_FORMAT: Record<Locale, string> = { EN_US: 'mm/dd/yyyy', EN_UK: 'dd/mm/yyyy', DE_DE: 'dd.mm.yyyy' };

function xlsxCell(column: ExportColumn, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (column.kind === 'date') return value instanceof Date ? value : new Date(String(value));
  if (column.kind === 'decimal' || column.kind === 'integer') return typeof value === 'number' ? value : null;
  return String(value);
}

/** An .xlsx with one sheet; numbers and dates are typed cells, the header row bold and frozen. */
export function xlsxStream(columns: ExportColumn[], batches: AsyncIterable<ExportRow[]>, locale: Locale, sheetName: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    width: Math.min(40, Math.max(12, c.header.length + 2)),
    ...(c.kind === 'date' ? { style: { numFmt: XLSX_DATE_FORMAT[locale] } } : c.kind === 'decimal' ? { style: { numFmt: '0.0' } } : {}),
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  void (async () => {
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const row of batch) sheet.addRow(columns.map((c) => xlsxCell(c, c.value(row)))).commit();
      // Let the zip writer's compression (libuv thread pool callbacks) run: with PGlite every query resolves
      // without leaving the microtask queue, and the whole sheet would pile up before the first byte left.
      await new Promise((resolve) => setImmediate(resolve));
      // Wait while the response is not read: the zip writer behind the sheet would otherwise buffer.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
