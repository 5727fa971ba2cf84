// Reads an uploaded client file into its header and data rows (cells as trimmed text): CSV through csv-parse (comma,
// semicolon or tab, whichever the header line uses; a UTF-8 byte-order mark is dropped), XLSX through exceljs, the
// library the export writes workbooks with (first worksheet).
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@bq/contracts/client-import';
import { AppError } from '../../app-error';

export const IMPORT_FILE_ERRORS = {
  unreadable: 'error.import.unreadable',
  empty: 'error.import.empty',
  tooManyRows: 'error.import.too_many_rows',
  unsupportedType: 'error.import.unsupported_type',
} as const;

export interface ClientFile {
  headers: string[];
  /** Data rows, each with its line (CSV) or row number (XLSX) in the file, so the report points at it. */
  rows: FileRow[];
}

export interface FileRow {
  line: number;
  cells: string[];
}

export type FileKind = 'csv' | 'xlsx';

/** The kind from the name and type the browser sent; null for anything else (a PDF, an old .xls). */
export function fileKind(filename: string, mimetype: string): FileKind | null {
  const name = filename.toLowerCase();
  if (name.endsWith('.xlsx') || mimetype === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  if (name.endsWith('.csv') || name.endsWith('.txt') || mimetype === 'text/csv') return 'csv';
  return null;
}

function tooMany(): AppError {
  return new AppError(IMPORT_FILE_ERRORS.tooManyRows, 413, `The file has more than ${IMPORT_MAX_ROWS} rows`);
}

function delimiterOf(buffer: Buffer): string {
  const firstLine = buffer.subarray(0, 64 * 1024).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return [';', '\t', ','].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

async function readCsv(buffer: Buffer): Promise<FileRow[]> {
  const records: FileRow[] = [];
  const parser = Readable.from([buffer]).pipe(
    parse({ bom: true, delimiter: delimiterOf(buffer), relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      records.push({ line: info.lines, cells: record });
      if (records.length > IMPORT_MAX_ROWS + 1) {
        parser.destroy();
        throw tooMany();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(IMPORT_FILE_ERRORS.unreadable, 400, `The CSV could not be read: ${(err as Error).message}`);
  }
  return records;
}

async function readXlsx(buffer: Buffer): Promise<FileRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError(IMPORT_FILE_ERRORS.unreadable, 400, 'The workbook could not be read');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw tooMany();
  const records: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // cell.text is what the sheet shows: a formula's result, a hyperlink's text, a number as displayed.
    for (let i = 1; i <= row.cellCount; i++) cells.push(row.getCell(i).text.trim());
    if (cells.some((c) => c !== '')) records.push({ line: row.number, cells });
  });
  return records;
}

export async function readClientFile(buffer: Buffer, kind: FileKind): Promise<ClientFile> {
  const records = kind === 'csv' ? await readCsv(buffer) : await readXlsx(buffer);
  const [first, ...rows] = records;
  const headers = first?.cells ?? [];
  if (headers.every((h) => h === '')) throw new AppError(IMPORT_FILE_ERRORS.empty, 400, 'The file has no header row');
  if (rows.length === 0) throw new AppError(IMPORT_FILE_ERRORS.empty, 400, 'The file has no data rows');
  return { headers, rows };
}
