// POST /api/u/import?skipInvalid=true on PGlite and PostgreSQL (docs/decisions/0077): the valid rows are written,
// each skipped row comes back with its row number and reason, and language names as people write them are read.
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-app';
import { importTestKit } from './import-test-kit';

const { adviser, form, clientsOf } = importTestKit();

const MAPPING = { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail', locale: 'Sprache' };
const CSV = [
  'Vorname;Nachname;E-Mail;Sprache',
  'Lena;Müller;lena@example.com;Englisch (USA)',
  'Tom;Baker;not-an-email;English',
  'Ada;Byron;ada@example.com;Englisch (Australien)',
  'Karl;Klein;karl@example.com;deutsch',
  'Lena;Doppel;LENA@example.com;Englisch (UK)',
  'Emma;Stone;emma@example.com;English (United Kingdom)',
].join('\n');

const upload = (http: TestClient, configId: string, query: string) => http.request('POST', `/api/u/import?productConfigurationId=${configId}&${query}`, form(CSV, MAPPING));

describe('POST /api/u/import?skipInvalid=true', () => {
  it('writes the valid rows and lists each skipped row with its line number and reason', async () => {
    const { http, account, configId } = await adviser();
    // All or nothing stays the default.
    const strict = await upload(http, configId, 'dryRun=false');
    expect(strict.statusCode).toBe(422);
    expect(strict.json().errorKey).toBe('error.import.rows_invalid');
    expect(await clientsOf(account.id)).toHaveLength(0);

    // The dry run with skipInvalid says what would happen and writes nothing.
    const check = await upload(http, configId, 'dryRun=true&skipInvalid=true');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ dryRun: true, skipInvalid: true, rows: 6, created: 3, updated: 0, skippedRows: 3, errorCount: 3 });
    expect(await clientsOf(account.id)).toHaveLength(0);

    const res = await upload(http, configId, 'dryRun=false&skipInvalid=true');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ dryRun: false, skipInvalid: true, rows: 6, created: 3, updated: 0, skippedRows: 3, errorCount: 3 });
    // Rows counted as a spreadsheet shows them: the header is row 1.
    expect(report.errors.map((e: { row: number; column: string | null; errorKey: string }) => [e.row, e.column, e.errorKey])).toEqual([
      [3, 'E-Mail', 'error.validation.invalid_email'],
      [4, 'Sprache', 'error.import.locale'],
      [6, 'E-Mail', 'error.import.duplicate_in_file'],
    ]);
    expect(report.errors[2].message).toContain('as row 2');
    const written = await clientsOf(account.id);
    expect(written.map((c) => [c.email, c.locale])).toEqual([
      ['emma@example.com', 'EN_UK'],
      ['karl@example.com', 'DE_DE'],
      ['lena@example.com', 'EN_US'],
    ]);
  });

  it('refuses a bad skipInvalid value with error.validation', async () => {
    const { http, configId } = await adviser();
    const res = await upload(http, configId, 'skipInvalid=yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
  });
});
