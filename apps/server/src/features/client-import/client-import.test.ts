// POST /api/u/import through the HTTP API: the dry run's report, all-or-nothing import, updates by e-mail and by
// external id, XLSX, bad uploads, the client limit, and accounts kept apart.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { accounts, clientProducts } from '../../db/schema';
import type { TestClient } from '../../test/test-app';
import { importTestKit } from './import-test-kit';
import { bombRows, repeat, rowXml, workbookEntries, zipOf } from '../untrusted-files/zip-fixtures';

const kit = importTestKit();
const { adviser, clientsOf } = kit;

const MAPPING = { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail', phone: 'Telefon', locale: 'Sprache', group: 'Gruppe', externalId: 'Kundennummer', salutation: 'Anrede' };
const HEADER = 'Vorname;Nachname;E-Mail;Telefon;Sprache;Gruppe;Kundennummer;Anrede';

const form = (content: string | Buffer, opts: { name?: string; type?: string; mapping?: Record<string, string> } = {}) => kit.form(content, opts.mapping ?? MAPPING, opts);

async function upload(http: TestClient, configId: string, body: FormData, dryRun = false) {
  return http.request('POST', `/api/u/import?productConfigurationId=${configId}&dryRun=${dryRun}`, body);
}


const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An XLSX upload mapping the three required columns (the sheets below have no others). */
const xlsxForm = (buffer: Buffer) => form(buffer, { name: 'clients.xlsx', type: XLSX_TYPE, mapping: { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail' } });

/** The upload's answer and time, and the slowest liveness answer while it ran (polled every 20 ms). */
async function uploadWatchingLiveness(http: TestClient, configId: string, body: FormData) {
  let worst = 0;
  let uploading = true;
  const poll = (async () => {
    while (uploading) {
      const asked = performance.now();
      const live = await kit.app().app.inject({ method: 'GET', url: '/api/health/live' });
      worst = Math.max(worst, performance.now() - asked);
      expect(live.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await upload(http, configId, body, true);
  const took = performance.now() - started;
  uploading = false;
  await poll;
  return { res, took, worst };
}

const GOOD = [HEADER, 'Lena;Müller;lena@example.com;+49 89 123456;Deutsch;Bestandskunde;K-1;Frau', 'Tom;Baker;TOM@example.com;;en-GB;prospect;K-2;Mr'].join('\n');

describe('POST /api/u/import', () => {
  it('dry run reports each bad cell by row, column and errorKey and writes nothing', async () => {
    const { http, account, configId } = await adviser();
    const csv = [
      HEADER,
      'Lena;Müller;lena@example.com;;DE_DE;;K-1;',
      ';Baker;not-an-email;12;FR;VIP;K-2;Dr',
      'Anna;Schmidt;LENA@example.com;;;;K-1;',
    ].join('\n');
    const res = await upload(http, configId, form(csv), true);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dryRun: true, rows: 3, created: 1, updated: 0, errorCount: 8 });
    const cells = report.errors.map((e: { row: number; column: string; errorKey: string }) => [e.row, e.column, e.errorKey]);
    expect(cells).toEqual(
      expect.arrayContaining([
        [3, 'Vorname', 'error.validation.required'],
        [3, 'E-Mail', 'error.validation.invalid_email'],
        [3, 'Telefon', 'error.validation.phone'],
        [3, 'Sprache', 'error.import.locale'],
        [3, 'Gruppe', 'error.import.group'],
        [3, 'Anrede', 'error.import.salutation'],
        [4, 'E-Mail', 'error.import.duplicate_in_file'],
        [4, 'Kundennummer', 'error.import.duplicate_in_file'],
      ]),
    );
    expect(await clientsOf(account.id)).toEqual([]);

    const real = await upload(http, configId, form(csv));
    expect(real.statusCode).toBe(422);
    expect(real.json().errorKey).toBe('error.import.rows_invalid');
    expect(await clientsOf(account.id)).toEqual([]);
  });

  it('imports new clients into the product, and a re-import updates them instead of doubling', async () => {
    const { http, account, configId } = await adviser();
    const first = await upload(http, configId, form(GOOD));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ dryRun: false, rows: 2, created: 2, updated: 0, errorCount: 0 });
    // The import's event carries the answer's counts (the route's declaration), never a row's name or address.
    const events = (await kit.app().db.execute(sql`select details from audit_events where account_id = ${account.id} and action = 'client.import'`)) as unknown as {
      rows: { details: Record<string, unknown> }[];
    };
    expect(events.rows.map((e) => e.details)).toEqual([expect.objectContaining({ dryRun: false, rows: 2, created: 2, updated: 0, errorCount: 0, skippedRows: 0 })]);
    expect(JSON.stringify(events.rows)).not.toMatch(/lena|tom@/i);
    const rows = await clientsOf(account.id);
    expect(rows.map((r) => [r.firstName, r.email, r.phone, r.locale, r.clientGroup, r.externalId, r.salutation])).toEqual([
      ['Lena', 'lena@example.com', '+49 89 123456', 'DE_DE', 'ESTABLISHED', 'K-1', 'MS'],
      ['Tom', 'tom@example.com', null, 'EN_UK', 'PROSPECT', 'K-2', 'MR'],
    ]);
    const list = (await http.request('GET', `/api/participants?productConfigurationId=${configId}`)).json();
    expect(list.items).toHaveLength(2);

    // By external id: Lena's e-mail changed; by e-mail: Tom given without his number.
    const again = [HEADER, 'Lena;Meier;lena.meier@example.com;;;;K-1;', 'Thomas;Baker;tom@example.com;;;;;'].join('\n');
    const second = await upload(http, configId, form(again));
    expect(second.json()).toMatchObject({ created: 0, updated: 2, errorCount: 0 });
    const after = await clientsOf(account.id);
    expect(after.map((r) => [r.firstName, r.lastName, r.email, r.phone, r.locale, r.externalId])).toEqual([
      ['Lena', 'Meier', 'lena.meier@example.com', '+49 89 123456', 'DE_DE', 'K-1'],
      ['Thomas', 'Baker', 'tom@example.com', null, 'EN_UK', 'K-2'],
    ]);
    expect(after.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('without a mapping, a dry run suggests one from German or English headers and shows the first rows', async () => {
    const { http, configId } = await adviser();
    const body = new FormData();
    body.append('file', new Blob([GOOD], { type: 'text/csv' }), 'clients.csv');
    const res = await upload(http, configId, body, true);
    expect(res.json()).toMatchObject({ checked: true, mapping: MAPPING, headers: HEADER.split(';'), created: 2, errorCount: 0 });
    expect(res.json().preview[0]).toEqual(['Lena', 'Müller', 'lena@example.com', '+49 89 123456', 'Deutsch', 'Bestandskunde', 'K-1', 'Frau']);
    const odd = new FormData();
    odd.append('file', new Blob(['A,B\n1,2'], { type: 'text/csv' }), 'odd.csv');
    expect((await upload(http, configId, odd, true)).json()).toMatchObject({ checked: false, headers: ['A', 'B'], rows: 1 });
  });

  it('reads an XLSX file with the same mapping', async () => {
    const { http, account, configId } = await adviser();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(HEADER.split(';'));
    sheet.addRow(['Eva', 'Klein', 'eva@example.com', '+43 1 234567', 'DE_DE', 'PROSPECT', 1001, 'MS']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(http, configId, form(buffer, { name: 'clients.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 1 });
    const [eva] = await clientsOf(account.id);
    expect(eva).toMatchObject({ firstName: 'Eva', email: 'eva@example.com', externalId: '1001', salutation: 'MS' });
  });

  it('reads what the sheet shows: a formula\'s result, a link\'s text, a date, rich text, the first sheet in order', async () => {
    const { http, configId } = await adviser();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['Vorname', 'Nachname', 'E-Mail', 'Seit', 'Nr']);
    sheet.addRow([
      { formula: 'A3&"a"', result: 'Eva' },
      { richText: [{ text: 'Kl' }, { text: 'ein', font: { bold: true } }] },
      { text: 'eva@example.com', hyperlink: 'mailto:eva@example.com' },
      new Date(Date.UTC(2024, 0, 15)),
      { formula: '1000+1', result: 1001 },
    ]);
    workbook.addWorksheet('Other').addRow(['not read']);
    const res = await upload(http, configId, xlsxForm(Buffer.from(await workbook.xlsx.writeBuffer())), true);
    expect(res.statusCode).toBe(200);
    expect(res.json().headers).toEqual(['Vorname', 'Nachname', 'E-Mail', 'Seit', 'Nr']);
    expect(res.json().preview).toEqual([['Eva', 'Klein', 'eva@example.com', new Date(Date.UTC(2024, 0, 15)).toString(), '1001']]);
  });

  it('refuses a zip-bomb workbook (under 1 MB, its sheet inflating to 128 MB) with 413 error.import.too_large in seconds, liveness answering meanwhile', async () => {
    const { http, configId } = await adviser();
    const bomb = await zipOf(workbookEntries(bombRows(128)));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { res, took, worst } = await uploadWatchingLiveness(http, configId, xlsxForm(bomb));
    expect([res.statusCode, res.json().errorKey]).toEqual([413, 'error.import.too_large']);
    expect(took).toBeLessThan(15_000);
    expect(worst).toBeLessThan(500);
  }, 120_000);

  it('refuses a bomb that understates its sheet\'s size as it inflates, liveness answering meanwhile', async () => {
    const { http, configId } = await adviser();
    const bomb = await zipOf(workbookEntries(bombRows(128), [], 100_000));
    const { res, took, worst } = await uploadWatchingLiveness(http, configId, xlsxForm(bomb));
    expect([res.statusCode, res.json().errorKey]).toEqual([413, 'error.import.too_large']);
    expect(took).toBeLessThan(15_000);
    expect(worst).toBeLessThan(500);
  }, 120_000);

  it('parses a big workbook off the API thread: 200,000 rows (a 58 MB sheet) answer 413 too_many_rows, liveness answering meanwhile', async () => {
    const { http, configId } = await adviser();
    // Each row a different e-mail and number, so the sheet deflates like a real one and passes the inflation limits.
    const rows = (function* () {
      yield Buffer.from(rowXml(1, ['Vorname', 'Nachname', 'E-Mail', 'Kundennummer']));
      for (let block = 0; block < 200; block++) {
        let xml = '';
        for (let i = 0; i < 1000; i++) xml += rowXml(block * 1000 + i + 2, ['Eva', 'Klein', `${randomUUID()}@example.com`, randomUUID()]);
        yield Buffer.from(xml);
      }
    })();
    const { res, took, worst } = await uploadWatchingLiveness(http, configId, xlsxForm(await zipOf(workbookEntries(rows))));
    expect([res.statusCode, res.json().errorKey]).toEqual([413, 'error.import.too_many_rows']);
    expect(took).toBeLessThan(30_000);
    expect(worst).toBeLessThan(500);
  }, 120_000);

  it('refuses a workbook of too many entries and one with 80 MB of shared strings', async () => {
    const { http, configId } = await adviser();
    const rows = [Buffer.from(rowXml(1, ['Vorname', 'Nachname', 'E-Mail']) + rowXml(2, ['Eva', 'Klein', 'eva@example.com']))];
    const crowded = await zipOf(workbookEntries(rows, Array.from({ length: 1000 }, (_, i) => ({ name: `xl/media/image${i}.png`, chunks: [Buffer.from('x')] }))));
    const many = await upload(http, configId, xlsxForm(crowded), true);
    expect([many.statusCode, many.json().errorKey]).toEqual([413, 'error.import.too_large']);
    const si = Buffer.from('<si><t>Eva</t></si>'.repeat(50_000));
    const strings = { name: 'xl/sharedStrings.xml', chunks: [Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'), ...repeat(si, 84), Buffer.from('</sst>')] };
    const wordy = await upload(http, configId, xlsxForm(await zipOf(workbookEntries(rows, [strings]))), true);
    expect([wordy.statusCode, wordy.json().errorKey]).toEqual([413, 'error.import.too_large']);
    // The same workbook without the extra entries is read.
    const plain = await upload(http, configId, xlsxForm(await zipOf(workbookEntries(rows))), true);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ headers: ['Vorname', 'Nachname', 'E-Mail'], rows: 1 });
  }, 120_000);

  it('refuses a wrong file type, a missing file, a mapping to a missing column and a too-large file with errorKeys', async () => {
    const { http, configId } = await adviser();
    const pdf = await upload(http, configId, form('%PDF-1.4', { name: 'clients.pdf', type: 'application/pdf' }));
    expect([pdf.statusCode, pdf.json().errorKey]).toEqual([415, 'error.import.unsupported_type']);
    const json = await http.request('POST', `/api/u/import?productConfigurationId=${configId}`, { mapping: MAPPING });
    expect([json.statusCode, json.json().errorKey]).toEqual([415, 'error.request.unsupported_media_type']);
    const noFile = new FormData();
    noFile.append('mapping', JSON.stringify(MAPPING));
    const missing = await upload(http, configId, noFile);
    expect([missing.statusCode, missing.json().errorKey]).toEqual([400, 'error.import.file_missing']);
    const unknown = await upload(http, configId, form(GOOD, { mapping: { ...MAPPING, email: 'Mail' } }));
    expect([unknown.statusCode, unknown.json().errorKey]).toEqual([400, 'error.import.unknown_column']);
    expect(unknown.json().fields).toEqual([{ path: 'mapping.email', errorKey: 'error.import.unknown_column' }]);
    const noEmail = await upload(http, configId, form(GOOD, { mapping: { firstName: 'Vorname', lastName: 'Nachname' } }));
    expect([noEmail.statusCode, noEmail.json().errorKey]).toEqual([400, 'error.import.mapping_invalid']);
    const huge = await upload(http, configId, form(Buffer.alloc(21 * 1024 * 1024, 'a')));
    expect([huge.statusCode, huge.json().errorKey]).toEqual([413, 'error.request.too_large']);
  });

  it("never touches another account's clients: the same e-mail in two accounts stays two clients", async () => {
    const a = await adviser();
    const b = await adviser();
    await upload(a.http, a.configId, form(GOOD));
    const res = await upload(b.http, b.configId, form(GOOD));
    expect(res.json()).toMatchObject({ created: 2, updated: 0 });
    expect((await clientsOf(a.account.id)).map((c) => c.email)).toEqual(['lena@example.com', 'tom@example.com']);
    expect((await clientsOf(b.account.id)).map((c) => c.email)).toEqual(['lena@example.com', 'tom@example.com']);
    // B's configuration id with A's session behaves like a missing one.
    const cross = await upload(a.http, b.configId, form(GOOD));
    expect([cross.statusCode, cross.json().errorKey]).toEqual([404, 'error.not_found']);
  });

  it('refuses the whole import when its new clients exceed the account limit', async () => {
    const { http, account, configId } = await adviser();
    await kit.app().db.update(accounts).set({ maxClients: 1 }).where(eq(accounts.id, account.id));
    const res = await upload(http, configId, form(GOOD));
    expect([res.statusCode, res.json().errorKey]).toEqual([403, 'error.client.limit_reached']);
    expect(await clientsOf(account.id)).toEqual([]);
  });

  it('is in the OpenAPI document with its multipart body, answer and error keys', async () => {
    const doc = (await kit.app().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/u/import'].post;
    expect(op.operationId).toBe('importClients');
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(op.requestBody.content['multipart/form-data'].schema.$ref).toBe('#/components/schemas/ClientImportForm');
    expect(Object.keys(doc.components.schemas.ClientImportForm.properties).sort()).toEqual(['file', 'mapping']);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['dryRun', 'productConfigurationId', 'skipInvalid']);
    expect(op.responses['200']).toBeDefined();
    expect(op.responses['422'].description).toContain('error.import.rows_invalid');
    expect(op.responses['415'].description).toContain('error.import.unsupported_type');
    expect(op.responses['413'].description).toContain('error.import.too_large');
  });

  it('imports 10,000 rows in one request, each a member of the product', async () => {
    const { http, account, configId } = await adviser();
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i++) lines.push(`First${i};Last${i};c${i}@example.com;;EN_US;;X-${i};`);
    const res = await upload(http, configId, form(lines.join('\n')));
    expect(res.json()).toMatchObject({ rows: 10_000, created: 10_000, errorCount: 0 });
    const members = await kit.app().db.select().from(clientProducts).where(and(eq(clientProducts.accountId, account.id), eq(clientProducts.productConfigurationId, configId)));
    expect(members).toHaveLength(10_000);
  }, 60_000);

  it('keeps each membership row an index probe, however empty the tables looked when the session first planned it', async () => {
    // Migration 0047: the membership trigger's cached plan, made while clients was nearly empty, was a sequential scan
    // that each later row of a big import repeated over every client before it (the burst bench's import of 100,000
    // rows into an account whose tables were analysed empty: over 5 minutes; 19 s with the fix). Its query runs with
    // sequential scans off, so the plan is the primary key's and the latest-instance index's.
    const result = await kit.app().db.execute(sql`select proconfig from pg_proc where proname = 'client_products_init_activity'`);
    const [row] = (result as unknown as { rows: { proconfig: string[] | string | null }[] }).rows;
    expect(String(row?.proconfig)).toContain('enable_seqscan=off');
  });
});
