// What every file the server exports writes into its cells: names that start like a spreadsheet formula arrive
// disarmed in every CSV (the data export and the repeated-measurement CSV, found from OpenAPI so a new CSV route
// cannot be missed), XLSX holds them as text cells and never as formulas, and the Status column says "Active" in
// the reader's language (docs/decisions/0034-csv-injection-and-names.md).
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@bq/domain/locales';
import { clients } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { campaignAccount } from '../repeated-measurements/test-fixtures';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof setUp>>;

const LOCALES: Locale[] = ['EN_US', 'EN_UK', 'DE_DE'];
// Names a person can type (the API takes them), and two a database from before the name rules may still hold.
const TYPED = { firstName: "-2+3+cmd|' /C calc'!A0", lastName: '=HYPERLINK("http://evil.example","x")' };
const TYPED_2 = { firstName: '@SUM(1+1)', lastName: '+49 Trick' };
const LEGACY = { firstName: '\t=1+1', lastName: '\r=2+2' };
const FORMULA_START = /^[=+\-@\t\r]/;

async function setUp() {
  const a = await campaignAccount(t);
  const configId = a.config('BQ_SELECTION');
  const created = [];
  for (const [i, name] of [TYPED, TYPED_2, { firstName: 'Plain', lastName: 'Person' }].entries()) {
    const res = await a.http.request('POST', '/api/u', { ...name, email: `formula-${i}@example.com`, productConfigurationId: configId });
    expect(res.statusCode, res.body).toBe(201);
    created.push(res.json() as { token: string });
  }
  const legacy = await a.addClient('Legacy', 'Row');
  await t.db.update(clients).set(LEGACY).where(eq(clients.id, legacy.id));
  const campaign = await a.createCampaign("=cmd|' /C calc'!A0");
  const rows = await t.db.select({ id: clients.id, token: clients.token }).from(clients).where(eq(clients.accountId, a.account.id));
  for (const [i, row] of rows.entries()) await a.measure(campaign.id, row.id, 1, 70 + i);
  const team = await a.http.request('POST', '/api/admin/teams', { name: '-1+1 team', repeatedMeasurementId: campaign.id, userTokens: rows.map((r) => r.token) });
  expect(team.statusCode, team.body).toBe(201);
  return { a, campaign };
}

beforeAll(async () => {
  t = await createTestApp();
  fixture = await setUp();
}, 60_000);
afterAll(() => t.close());

const separator = (locale: Locale) => (locale === 'DE_DE' ? ';' : ',');

function csvRecords(raw: Buffer, locale: Locale): string[][] {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(raw.toString('utf8'), { bom: true, delimiter: separator(locale) }) as string[][];
}

/** Every CSV download of the API, as OpenAPI describes it, with the URL that fetches it for the fixture. */
function csvUrls(locale: Locale): Record<string, string> {
  return {
    exportProductData: `/api/product/BQ_SELECTION/export?format=csv&locale=${locale}&content=clients`,
    'exportProductData:results': `/api/product/BQ_SELECTION/export?format=csv&locale=${locale}&content=results`,
    exportRepeatedMeasurementCsv: `/api/v1/export/user/repeated_measurement/${fixture.campaign.id}/csv?locale=${locale}`,
  };
}

/**
 * CSVs without names, whose cells are disarmed by the same writer and tested where they are made: the audit trail's
 * export holds tokens, user agents and details (a crafted client token and user agent are neutralised there); the
 * adverse-impact CSV holds groups and figures.
 */
const CSV_TESTED_ELSEWHERE: Record<string, string> = {
  exportAuditEvents: 'features/audit/audit-export.test.ts',
  // Holds no names; an account's own option label that starts like a formula arrives disarmed (tested there).
  exportAdverseImpactCsv: 'features/fairness/adverse-impact-files.test.ts',
};

describe('CSV injection: one writer for every CSV the server writes', () => {
  it('covers every operation that answers text/csv', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; description?: string; responses?: Record<string, unknown> }>>;
    };
    const csvOperations = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => JSON.stringify(op.responses?.['200'] ?? '').includes('text/csv'))
      .map((op) => op.operationId);
    expect(csvOperations.sort()).toEqual([...Object.keys(csvUrls('EN_US')).filter((k) => !k.includes(':')), ...Object.keys(CSV_TESTED_ELSEWHERE)].sort());
  });

  it.each(LOCALES)('no cell of any CSV starts like a formula, and each name arrives as disarmed text (%s)', async (locale) => {
    for (const [operation, url] of Object.entries(csvUrls(locale))) {
      const res = await fixture.a.http.request('GET', url);
      expect(res.statusCode, `${operation}: ${res.body}`).toBe(200);
      const cells = csvRecords(res.rawPayload, locale).flat();
      for (const cell of cells) expect(cell, `${operation}: ${JSON.stringify(cell)}`).not.toMatch(FORMULA_START);
      for (const name of [TYPED, TYPED_2, LEGACY]) {
        expect(cells, operation).toContain(`'${name.firstName}`);
        expect(cells, operation).toContain(`'${name.lastName}`);
      }
      expect(String(res.headers['content-disposition']), operation).not.toMatch(/filename\*?=(UTF-8'')?"?[=+\-@]/);
    }
  });
});

async function xlsxSheet(locale: Locale): Promise<ExcelJS.Worksheet> {
  const res = await fixture.a.http.request('GET', `/api/product/BQ_SELECTION/export?format=xlsx&locale=${locale}&content=clients`);
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('XLSX: names are text cells, never formulas', () => {
  it('writes a formula-like name as a string cell as typed', async () => {
    const sheet = await xlsxSheet('EN_US');
    const texts: string[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type, String(cell.value)).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.formula).toBeUndefined();
        if (typeof cell.value === 'string') texts.push(cell.value);
      }),
    );
    for (const name of [TYPED, TYPED_2]) expect(texts).toEqual(expect.arrayContaining([name.firstName, name.lastName]));
  });
});

const ACTIVE: Record<Locale, { header: string; active: string }> = {
  EN_US: { header: 'Status', active: 'Active' },
  EN_UK: { header: 'Status', active: 'Active' },
  DE_DE: { header: 'Status', active: 'Aktiv' },
};

describe("the export's Status column", () => {
  it.each(LOCALES)('says the word for active in %s, in CSV and XLSX', async (locale) => {
    const csv = await fixture.a.http.request('GET', `/api/product/BQ_SELECTION/export?format=csv&locale=${locale}&content=clients`);
    const [header, ...rows] = csvRecords(csv.rawPayload, locale);
    const column = header!.indexOf(ACTIVE[locale].header);
    expect(column).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[column]).toBe(ACTIVE[locale].active);

    const sheet = await xlsxSheet(locale);
    const xlsxColumn = (sheet.getRow(1).values as unknown[]).indexOf(ACTIVE[locale].header);
    expect(xlsxColumn).toBeGreaterThan(0);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(xlsxColumn).value).toBe(ACTIVE[locale].active);
  });
});
