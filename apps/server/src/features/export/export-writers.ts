// Writes export rows as they come: CSV through the one CSV writer (@bq/domain/csv), XLSX through exceljs's streaming WorkbookWriter.
// Both pull one batch at a time and wait while the response is not being read, so memory stays flat however
// large the export is (docs/decisions/0022-data-export-and-scale.md).
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CSV_BOM, csvLine, csvNumber, type CsvCell } from '@bq/domain/csv';
import { formatDate } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import type { CellValue, ExportColumn } from './export-columns';
import type { ExportRow } from './export-rows';

/** A cell of the one CSV writer: dates as the locale writes them, numbers typed (never neutralised), text as text. */
export function csvCell(column: ExportColumn, value: CellValue, locale: Locale): CsvCell {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'date':
      return formatDate(value instanceof Date ? value.toISOString() : String(value), locale);
    case 'decimal':
      return csvNumber(typeof value === 'number' ? value : null, 1);
    case 'integer':
      return csvNumber(typeof value === 'number' ? value : null, 0);
    default:
      return String(value);
  }
}

/** A UTF-8 CSV with BOM, header row first, written by the one CSV writer (@bq/domain/csv). */
export function csvStream(columns: ExportColumn[], batches: AsyncIterable<ExportRow[]>, locale: Locale): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(columns.map((c) => c.header), locale);
    for await (const batch of batches) {
      yield batch.map((row) => csvLine(columns.map((column) => csvCell(column, column.value(row), locale)), locale)).join('');
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

/**
 * Rows written between two turns of the event loop: 1-2 ms of exceljs's work once warm, several times that in the
 * first export of a process. A turn that starts in the poll phase (a batch arriving from the database) runs two such
 * blocks back to back before the next poll, so a block must stay well under half the liveness check's 50 ms
 * (decision 0058, second addendum of 2026-11-29).
 */
const XLSX_ROWS_PER_TURN = 50;

/**
 * One style object per column, given to every cell of that column. exceljs gives each cell a fresh style object and,
 * not finding it in its cache (a WeakMap keyed by the object), renders the style as XML to look it up: half of the
 * time per row. With shared objects the lookup hits, and a reader sees the same cells (export-writers.test.ts
 * compares every cell with the file exceljs writes from the column styles alone).
 */
function sharedCellStyles(columns: ExportColumn[], locale: Locale): Partial<ExcelJS.Style>[] {
  return columns.map((c) => (c.kind === 'date' ? { numFmt: XLSX_DATE_FORMAT[locale] } : c.kind === 'decimal' ? { numFmt: '0.0' } : {}));
}

/**
 * An .xlsx with one sheet; numbers and dates are typed cells, the header row bold and frozen. Text is always a
 * string cell, never a formula (exceljs writes a formula only for a { formula } value), so "=cmd" is shown, not run.
 */
export function xlsxStream(columns: ExportColumn[], batches: AsyncIterable<ExportRow[]>, locale: Locale, sheetName: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  const cellStyles = sharedCellStyles(columns, locale);
  sheet.columns = columns.map((c, i) => ({ key: c.key, width: Math.min(40, Math.max(12, c.header.length + 2)), style: cellStyles[i] }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  void (async () => {
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (let i = 0; i < batch.length; i++) {
        const row = sheet.addRow(columns.map((c) => xlsxCell(c, c.value(batch[i]!))));
        row.eachCell({ includeEmpty: true }, (cell, n) => (cell.style = cellStyles[n - 1]!));
        row.commit();
        // A turn of the event loop every XLSX_ROWS_PER_TURN rows: exceljs took 40-80 ms for a batch of 1,000, which
        // as one block held the liveness check that long (decision 0058, addenda of 2026-11-29). The turn also lets the zip
        // writer's compression (libuv thread pool callbacks) run: with PGlite every query resolves without leaving
        // the microtask queue, and the whole sheet would pile up before the first byte left.
        if ((i + 1) % XLSX_ROWS_PER_TURN === 0 || i === batch.length - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      // Wait while the response is not read: the zip writer behind the sheet would otherwise buffer.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
