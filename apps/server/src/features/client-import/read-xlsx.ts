// Reads the first worksheet of an uploaded XLSX row by row: the archive through LimitedZip (entry count, inflated
// size and ratio limits), the sheet through exceljs' streaming WorkbookReader, stopping at the row limit. Nothing
// is inflated that the first sheet does not need (docs/decisions/0066).
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@bq/contracts/client-import';
import { AppError } from '../../app-error';
import { LimitedZip, ZipRefused, type ZipLimits } from '../untrusted-files/limited-zip';
import { storedZip, type StoredEntry } from '../untrusted-files/stored-zip';
import { IMPORT_FILE_ERRORS, tooManyRows } from './file-errors';
import type { FileRow } from './read-file';

const MiB = 1024 * 1024;

/**
 * The product's own export of 100,000 clients (the row limit) is a 42 MB sheet at 7:1 (inline strings), or a
 * 34 MB sheet and 13 MB of shared strings at 8-10:1; the limits leave half as much again, and ten times the ratio.
 */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 64 * MiB,
  maxTotalBytes: 96 * MiB,
  maxRatio: 100,
  ratioFloorBytes: 1 * MiB,
};

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
/** exceljs parses a sheet as it streams only once it has shared strings; a file without them gets an empty list. */
const NO_SHARED_STRINGS: StoredEntry = { as: 'xl/sharedStrings.xml', data: Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>') };

interface ReaderModel {
  model?: { sheets?: { id: number; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

/** Settles with the work, or fails as soon as the input stream fails (exceljs pipes it and would wait forever). */
function failWith<T>(input: Readable, work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => input.once('error', reject))]);
}

/** The first sheet in the workbook's order, found as exceljs' load finds it (workbook.xml's sheets through the rels). */
async function firstSheetPath(zip: LimitedZip): Promise<string | null> {
  const input = storedZip(zip, [{ name: RELS }, { name: WORKBOOK }]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'ignore', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
  await failWith(input, (async () => {
    for await (const _ of reader) void _;
  })());
  const { model, workbookRels } = reader as unknown as ReaderModel;
  for (const sheet of model?.sheets ?? []) {
    const rel = workbookRels?.find((r) => r.Id === sheet.rId);
    const path = rel && `xl/${rel.Target.replace(/^(\s|\/xl\/)+/, '')}`;
    if (path && zip.entries.has(path)) return path;
  }
  return null;
}

async function readSheet(zip: LimitedZip, sheetPath: string): Promise<FileRow[]> {
  const shared: StoredEntry = zip.entries.has('xl/sharedStrings.xml') ? { name: 'xl/sharedStrings.xml' } : NO_SHARED_STRINGS;
  // Workbook (date system), shared strings and styles (which numbers are dates) before the sheet, so it streams.
  const input = storedZip(zip, [{ name: RELS }, { name: WORKBOOK }, shared, { name: 'xl/styles.xml' }, { name: sheetPath, as: 'xl/worksheets/sheet1.xml' }]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore' });
  const records: FileRow[] = [];
  await failWith(input, (async () => {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells: string[] = [];
        // cell.text is what the sheet shows: a formula's result, a hyperlink's text, a number as displayed.
        for (let i = 1; i <= row.cellCount; i++) cells.push(row.getCell(i).text.trim());
        if (!cells.some((c) => c !== '')) continue;
        records.push({ line: row.number, cells });
        if (records.length > IMPORT_MAX_ROWS + 1) throw tooManyRows();
      }
    }
  })());
  return records;
}

export async function readXlsx(buffer: Buffer): Promise<FileRow[]> {
  let zip: LimitedZip | undefined;
  try {
    zip = await LimitedZip.open(buffer, XLSX_LIMITS);
    const sheetPath = await firstSheetPath(zip);
    return sheetPath ? await readSheet(zip, sheetPath) : [];
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ZipRefused && err.reason === 'too_large') {
      throw new AppError(IMPORT_FILE_ERRORS.tooLarge, 413, `The workbook is too large to read: ${err.message}`);
    }
    throw new AppError(IMPORT_FILE_ERRORS.unreadable, 400, 'The workbook could not be read');
  } finally {
    zip?.close();
  }
}
