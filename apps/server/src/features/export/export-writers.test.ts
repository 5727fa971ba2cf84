// The XLSX writer shares one style object per column among its cells (export-writers.ts, sharedCellStyles) so that
// exceljs does not render every cell's style to look it up. A reader must not see any difference: every cell keeps
// the value, number format and font that exceljs gives it from the column's style, empty cells included.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@bq/domain/locales';
import type { ExportColumn } from './export-columns';
import type { ExportRow } from './export-rows';
import { xlsxStream } from './export-writers';

const COLUMNS: ExportColumn[] = [
  { key: 'lastName', header: 'Last name', kind: 'text', value: (r) => r.client.lastName },
  { key: 'phone', header: 'Phone', kind: 'text', value: (r) => r.client.phone },
  { key: 'createdAt', header: 'Created', kind: 'date', value: (r) => r.client.createdAt },
  { key: 'resultDate', header: 'Result date', kind: 'date', value: (r) => r.result?.finishedAt ?? null },
  { key: 'riskClass', header: 'Risk class', kind: 'integer', value: (r) => r.result?.riskClass ?? null },
  { key: 'tolerance', header: 'Tolerance (T)', kind: 'decimal', value: (r) => r.result?.scores?.tolerance ?? null },
];

/** 250 rows (several turns of the writer), every third without a result, so each column has empty and filled cells. */
function rows(): ExportRow[] {
  return Array.from({ length: 250 }, (_, i) => ({
    client: {
      id: `c${i}`,
      firstName: 'Anna',
      lastName: `Schmidt ${i}`,
      email: `anna${i}@example.com`,
      phone: i % 2 ? '+49 30 1234' : null,
      group: 'DEFAULT',
      active: true,
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
      latestStatus: 'RESULTS_AVAILABLE',
      anonKind: 'NAME',
      anonNumber: null,
    },
    result:
      i % 3 === 0
        ? null
        : { clientId: `c${i}`, interactionId: 'BQ_RISK', status: 'RESULTS_AVAILABLE', lockStatus: 'UNLOCKED', finishedAt: new Date(Date.UTC(2026, 5, 1 + (i % 20))), scores: { tolerance: 40 + i / 10 }, riskClass: 1 + (i % 5) },
  }));
}

/** The file as exceljs writes it with the column styles alone: what the shared styles must reproduce. */
async function referenceFile(locale: Locale, data: ExportRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Clients', { views: [{ state: 'frozen', ySplit: 1 }] });
  const numFmt = { EN_US: 'mm/dd/yyyy', EN_UK: 'dd/mm/yyyy', DE_DE: 'dd.mm.yyyy' }[locale];
  sheet.columns = COLUMNS.map((c) => ({ key: c.key, ...(c.kind === 'date' ? { style: { numFmt } } : c.kind === 'decimal' ? { style: { numFmt: '0.0' } } : {}) }));
  const header = sheet.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for (const row of data) sheet.addRow(COLUMNS.map((c) => c.value(row))).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function load(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function* inBatches(data: ExportRow[]): AsyncGenerator<ExportRow[]> {
  yield data.slice(0, 120);
  yield data.slice(120);
}

describe('xlsxStream: shared cell styles', () => {
  it.each(['EN_US', 'DE_DE'] as const)('%s: every cell has the value, number format and font of the reference file', async (locale) => {
    const data = rows();
    const written = await load(await collect(xlsxStream(COLUMNS, inBatches(data), locale, 'Clients')));
    const reference = await load(await referenceFile(locale, data));
    expect(written.rowCount).toBe(data.length + 1);
    let dated = 0;
    for (let r = 1; r <= reference.rowCount; r++) {
      for (let c = 1; c <= COLUMNS.length; c++) {
        const got = written.getRow(r).getCell(c);
        const want = reference.getRow(r).getCell(c);
        expect({ r, c, value: got.value, numFmt: got.numFmt, font: got.font, type: got.type }).toEqual({ r, c, value: want.value, numFmt: want.numFmt, font: want.font, type: want.type });
        if (r > 1 && COLUMNS[c - 1]!.kind === 'date' && got.value instanceof Date) dated++;
      }
    }
    // The comparison covered filled dates (formatted in the locale's way) and a bold header.
    expect(dated).toBeGreaterThan(data.length);
    expect(written.getRow(2).getCell(3).numFmt).toBe(locale === 'DE_DE' ? 'dd.mm.yyyy' : 'mm/dd/yyyy');
    expect(written.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(written.getRow(3).getCell(6).numFmt).toBe('0.0');
  });
});
