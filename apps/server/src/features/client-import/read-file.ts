// Reads an uploaded client file into its header and data rows (cells as trimmed text): CSV through csv-parse (comma,
// semicolon or tab, whichever the header line uses; a UTF-8 byte-order mark is dropped), XLSX through exceljs, the
// library the export writes workbooks with (first worksheet; read-xlsx.ts). Runs on a reader thread, never on the
// API's (read-client-file.ts, docs/decisions/0066).
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_MAX_ROWS } from '@bq/contracts/client-import';
import { AppError } from '../../app-error';
import { IMPORT_FILE_ERRORS, tooManyRows } from './file-errors';
import { readXlsx } from './read-xlsx';

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
        throw tooManyRows();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(IMPORT_FILE_ERRORS.unreadable, 400, `The CSV could not be read: ${(err as Error).message}`);
  }
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
