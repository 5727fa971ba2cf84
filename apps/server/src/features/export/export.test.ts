// GET /api/product/{type}/export: CSV and XLSX in the three locales parsed back and compared with the database,
// bad input, other accounts, permissions, and that the body streams (read in batches, paused while not read).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import type { Db } from '../../db/client';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { TEST_PASSWORD, createAccount, createUser } from '../../test/factories';
import { seedLoadAccount, type LoadAccount } from '../demo/load-seed';
import { prepareExport } from './export-service';
import { requireProductConfigurationByType } from '../products/product-access';

let t: TestApp;
let seeded: LoadAccount;
let admin: TestClient;
const CLIENTS = 25;
const RESULTS = 40;

beforeAll(async () => {
  t = await createTestApp();
  const adminEmail = `export-admin-${randomBytes(3).toString('hex')}@test.example`;
  seeded = await seedLoadAccount(t.db, { clients: CLIENTS, finishedInstances: RESULTS, productType: 'BQ_RISK', adminEmail, adminPassword: TEST_PASSWORD });
  // A name a spreadsheet would run as a formula, and one with umlauts: both must arrive as text.
  await t.db.execute(sql`
    update clients set first_name = '=HYPERLINK("x")', last_name = 'Aaberg'
    where id = (select id from clients where account_id = ${seeded.accountId}::uuid order by created_at, id limit 1)`);
  // A client whose newest instance is a fresh, unanswered one: the export must still show its latest finished
  // result (the membership's trigger-kept latest instance is then the NEW one).
  await t.db.execute(sql`
    insert into interaction_instances (account_id, token, client_id, product_configuration_id, interaction_id, status, created_at, updated_at)
    select account_id, 'export-test-new-' || substr(md5(random()::text), 1, 12), client_id, product_configuration_id, interaction_id, 'NEW', now(), now()
    from interaction_instances i where account_id = ${seeded.accountId}::uuid and lock_status = 'UNLOCKED'
      and not exists (select 1 from interaction_instances j where j.client_id = i.client_id and (j.created_at, j.id) > (i.created_at, i.id))
    order by created_at limit 1`);
  admin = new TestClient(t.app);
  expect((await admin.login(adminEmail, TEST_PASSWORD)).statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// A full garbage collection on demand, so the streaming test measures what stays reachable, not garbage not yet
// collected (which depends on how busy the machine is).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Expected {
  last: string;
  first: string;
  email: string;
  created: Date;
  lock: string | null;
  finished: Date | null;
  tolerance: number | null;
  riskClass: number | null;
}

/** The clients export's rows as the database has them: name order, each with its latest finished result. */
async function expectedClients(): Promise<Expected[]> {
  const rows = rowsOf<{ last_name: string; first_name: string; email: string; created_at: string | Date; lock_status: string | null; finished: string | Date | null; t: number | null; rc: number | null }>(
    await t.db.execute(sql`
      select c.last_name, c.first_name, c.email, c.created_at, r.lock_status, r.finished, r.t, r.rc
      from clients c join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${seeded.productConfigurationId}::uuid
      left join lateral (
        select i.lock_status, i.filled_at as finished,
          case when i.lock_status <> 'LOCKED' then (select (coalesce(d->'tDisplay', d->'t'))::float8 from jsonb_array_elements(i.results->'dimensions') d where d->>'key' = 'tolerance') end as t,
          case when i.lock_status <> 'LOCKED' then (i.results #>> '{risk,suitableClass}')::int end as rc
        from interaction_instances i where i.client_id = c.id and i.status = 'RESULTS_AVAILABLE'
        order by i.created_at desc, i.id desc limit 1) r on true
      where c.account_id = ${seeded.accountId}::uuid
      order by lower(c.last_name), lower(c.first_name), c.id`),
  );
  return rows.map((r) => ({
    last: r.last_name,
    first: r.first_name,
    email: r.email,
    created: new Date(r.created_at),
    lock: r.lock_status,
    finished: r.finished ? new Date(r.finished) : null,
    tolerance: r.t === null ? null : Number(r.t),
    riskClass: r.rc === null ? null : Number(r.rc),
  }));
}

const HEADERS: Record<Locale, { last: string; created: string; tolerance: string; lock: string; unlocked: string; file: RegExp; sep: string }> = {
  EN_US: { last: 'Last name', created: 'Created', tolerance: 'Risk tolerance (T-score)', lock: 'Result access', unlocked: 'Unlocked', file: /^Risk-profiling_clients_\d{2}-\d{2}-\d{4}\.csv$/, sep: ',' },
  EN_UK: { last: 'Last name', created: 'Created', tolerance: 'Risk tolerance (T-score)', lock: 'Result access', unlocked: 'Unlocked', file: /^Risk-profiling_clients_\d{2}-\d{2}-\d{4}\.csv$/, sep: ',' },
  DE_DE: { last: 'Nachname', created: 'Angelegt am', tolerance: 'Risikobereitschaft (T-Wert)', lock: 'Ergebniszugang', unlocked: 'Freigeschaltet', file: /^Risikoprofilierung_Kunden_\d{2}-\d{2}-\d{4}\.csv$/, sep: ';' },
};

const T_RESULTS_AVAILABLE: Record<Locale, string> = { EN_US: 'Results available', EN_UK: 'Results available', DE_DE: 'Ergebnisse verfügbar' };

function fileName(disposition: string | undefined): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]!) : '';
}

describe('GET /api/product/{type}/export: CSV', () => {
  it.each(['EN_US', 'EN_UK', 'DE_DE'] as const)('clients in %s: BOM, separator, translated headers, dates and decimals of the locale', async (locale) => {
    const res = await admin.request('GET', `/api/product/BQ_RISK/export?format=csv&locale=${locale}&content=clients`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-total-rows']).toBe(String(CLIENTS));
    expect(fileName(res.headers['content-disposition'] as string)).toMatch(HEADERS[locale].file);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    const h = HEADERS[locale];
    expect(text.slice(1).split('\r\n')[0]!.split(h.sep)).toContain(h.last);
    const records = parse(text, { bom: true, delimiter: h.sep, relax_column_count: false }) as string[][];
    const [header, ...rows] = records;
    expect(header!.slice(0, 3)).toEqual(locale === 'DE_DE' ? ['Nachname', 'Vorname', 'E-Mail'] : ['Last name', 'First name', 'Email']);
    const col = (name: string) => header!.indexOf(name);
    expect(col(h.tolerance)).toBeGreaterThan(0);
    expect(rows).toHaveLength(CLIENTS);
    const expected = await expectedClients();
    let unlockedSeen = 0;
    rows.forEach((row, i) => {
      const e = expected[i]!;
      expect(row[0]).toBe(e.last);
      expect(row[1]).toBe(e.first.startsWith('=') ? `'${e.first}` : e.first);
      expect(row[2]).toBe(e.email);
      expect(row[col(h.created)]).toBe(formatDate(e.created.toISOString(), locale));
      expect(row[col(h.tolerance)]).toBe(e.tolerance === null ? '' : formatNumber(e.tolerance, locale, 1));
      if (e.lock === 'UNLOCKED') {
        unlockedSeen += 1;
        expect(row[col(h.lock)]).toBe(h.unlocked);
        expect(row[col(h.tolerance)]).toMatch(locale === 'DE_DE' ? /^\d+,\d$/ : /^\d+\.\d$/);
      }
    });
    expect(unlockedSeen).toBeGreaterThan(0);
    // The client with a NEW instance after its finished one: latest interaction "New", scores of the finished one.
    const latestCol = col(locale === 'DE_DE' ? 'Letzte Interaktion' : 'Latest interaction');
    const withNew = rows.findIndex((r) => r[latestCol] !== T_RESULTS_AVAILABLE[locale]);
    expect(withNew).toBeGreaterThanOrEqual(0);
    expect(rows[withNew]![col(h.tolerance)]).not.toBe('');
    // The formula-like name arrives as text.
    expect(rows.some((r) => r[1] === `'=HYPERLINK("x")`)).toBe(true);
    // Date order: DE 25.11.2026, UK 25/11/2026, US 11/25/2026.
    const created = rows[0]![col(h.created)]!;
    expect(created).toMatch(locale === 'DE_DE' ? /^\d{2}\.\d{2}\.\d{4}$/ : /^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('results: one row per finished result', async () => {
    const res = await admin.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_UK&content=results');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-rows']).toBe(String(RESULTS));
    expect(fileName(res.headers['content-disposition'] as string)).toMatch(/^Risk-profiling_results_\d{2}-\d{2}-\d{4}\.csv$/);
    const [header, ...rows] = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(header).toContain('Interaction status');
    expect(rows).toHaveLength(RESULTS);
    expect(new Set(rows.map((r) => r[header!.indexOf('Interaction status')]))).toEqual(new Set(['Results available']));
  });
});

describe('GET /api/product/{type}/export: XLSX', () => {
  it.each(['EN_US', 'DE_DE'] as const)('clients in %s: typed numbers and dates, translated headers', async (locale) => {
    const res = await admin.request('GET', `/api/product/BQ_RISK/export?format=xlsx&locale=${locale}&content=clients`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileName(res.headers['content-disposition'] as string)).toMatch(/_\d{2}-\d{2}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(CLIENTS + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const h = HEADERS[locale];
    expect(header[0]).toBe(h.last);
    const expected = await expectedClients();
    const col = (name: string) => header.indexOf(name) + 1;
    for (let i = 0; i < CLIENTS; i++) {
      const row = sheet.getRow(i + 2);
      const e = expected[i]!;
      expect(row.getCell(1).value).toBe(e.last);
      expect(row.getCell(2).value).toBe(e.first);
      const created = row.getCell(col(h.created)).value;
      expect(created).toBeInstanceOf(Date);
      expect((created as Date).getTime()).toBe(e.created.getTime());
      const tolerance = row.getCell(col(h.tolerance)).value;
      expect(tolerance ?? null).toBe(e.tolerance);
    }
    expect(sheet.getColumn(col(h.created)).numFmt).toBe(locale === 'DE_DE' ? 'dd.mm.yyyy' : 'mm/dd/yyyy');
  });
});

describe('GET /api/product/{type}/export: anonymisation', () => {
  it("writes names as the viewer's allow-list says: the listed client by name, participants as 'Client <n>', others as stars", async () => {
    const viewer = new TestClient(t.app);
    const user = await createUser(t.db, seeded.accountId);
    await viewer.login(user.email, TEST_PASSWORD);
    const [listed] = rowsOf<{ token: string; last_name: string; email: string }>(
      await t.db.execute(sql`select c.token, c.last_name, c.email from clients c
        where c.account_id = ${seeded.accountId}::uuid and exists (select 1 from interaction_instances i where i.client_id = c.id)
        order by c.created_at desc limit 1`),
    );
    expect((await viewer.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: true })).statusCode).toBe(200);
    const added = await viewer.request('POST', `/api/productconfig/${seeded.productConfigurationId}/user/anonymization_allow_list`, { userToken: listed!.token });
    expect(added.statusCode).toBeLessThan(300);

    const res = await viewer.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    const last = header!.indexOf('Last name');
    const email = header!.indexOf('E-mail') >= 0 ? header!.indexOf('E-mail') : 2;
    expect(rows).toHaveLength(CLIENTS);
    const named = rows.filter((r) => r[last] === listed!.last_name);
    expect(named).toHaveLength(1);
    expect(named[0]![email]).toBe(listed!.email);
    const numbered = rows.filter((r) => /^Client \d+$/.test(r[last]!));
    const starred = rows.filter((r) => /^\*+$/.test(r[last]!));
    expect(numbered.length).toBeGreaterThan(0);
    expect(1 + numbered.length + starred.length).toBe(CLIENTS);
    for (const r of [...numbered, ...starred]) expect(r[email]).toBe('');
    // The admin, whose list is off, still sees every name.
    const plain = parse((await admin.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US')).rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(plain.slice(1).some((r) => /^Client \d+$/.test(r[last]!))).toBe(false);
  });
});

describe('GET /api/product/{type}/export: refusals', () => {
  it.each([
    ['no language', 'format=csv', 'querystring.locale', 'error.validation.required'],
    ['an unknown language', 'format=csv&locale=FR_FR', 'querystring.locale', 'error.validation.invalid_value'],
    ['no format', 'locale=EN_US', 'querystring.format', 'error.validation.required'],
    ['a bad format', 'format=pdf&locale=EN_US', 'querystring.format', 'error.validation.invalid_value'],
    ['a bad content', 'format=csv&locale=EN_US&content=everything', 'querystring.content', 'error.validation.invalid_value'],
  ])('refuses %s with 400 and the field', async (_label, query, path, errorKey) => {
    const res = await admin.request('GET', `/api/product/BQ_RISK/export?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    expect(res.json().fields).toContainEqual({ path, errorKey });
  });

  it('refuses an unknown product with 400', async () => {
    const res = await admin.request('GET', '/api/product/NOT_A_PRODUCT/export?format=csv&locale=EN_US');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: 'params.type', errorKey: 'error.validation.invalid_value' });
  });

  it('answers 404 for a product the account does not have', async () => {
    const res = await admin.request('GET', '/api/product/BQ_SELECTION/export?format=csv&locale=EN_US');
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.not_found');
  });

  it("never shows another account's clients: 404 without the product, its own rows with it", async () => {
    const without = await createAccount(t.db, { products: ['BQ_SELECTION'] });
    const other = new TestClient(t.app);
    await other.login((await createUser(t.db, without.account.id)).email, TEST_PASSWORD);
    const res = await other.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US');
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.not_found');

    const withRisk = await createAccount(t.db, { products: ['BQ_RISK'] });
    const third = new TestClient(t.app);
    await third.login((await createUser(t.db, withRisk.account.id)).email, TEST_PASSWORD);
    const own = await third.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US');
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-total-rows']).toBe('0');
    expect(parse(own.rawPayload.toString('utf8'), { bom: true })).toHaveLength(1);
  });

  it('answers 403 without INDIVIDUAL_EXPORT in the product realm, 200 with exactly that permission', async () => {
    const without = new TestClient(t.app);
    const noExport = await createUser(t.db, seeded.accountId, {
      permissions: [
        { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INDIVIDUAL_RESULTS', action: 'ALL' },
        { realm: 'BQ_SELECTION', entity: 'INDIVIDUAL_EXPORT', action: 'ALL' },
      ],
    });
    await without.login(noExport.email, TEST_PASSWORD);
    const refused = await without.request('GET', '/api/product/BQ_RISK/export?format=xlsx&locale=EN_US');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.auth.forbidden');

    const exporter = new TestClient(t.app);
    const withExport = await createUser(t.db, seeded.accountId, { permissions: [{ realm: 'BQ_RISK', entity: 'INDIVIDUAL_EXPORT', action: 'READ' }] });
    await exporter.login(withExport.email, TEST_PASSWORD);
    expect((await exporter.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await new TestClient(t.app).request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe('error.auth.unauthorized');
  });
});

/** The database, counting its queries. */
function countingDb(db: Db) {
  const counter = { queries: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return (...args: unknown[]) => {
          counter.queries += 1;
          return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: proxy, counter };
}

async function firstChunk(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    body.once('error', reject);
    body.once('readable', () => {
      const chunk = body.read() as Buffer | null;
      resolve(chunk ?? Buffer.alloc(0));
    });
  });
}

describe('streaming: 20,000 rows', () => {
  let big: LoadAccount;
  const BIG = 20_000;
  beforeAll(async () => {
    big = await seedLoadAccount(t.db, { clients: BIG, finishedInstances: BIG, productType: 'BQ_RISK', adminEmail: `big-${randomBytes(3).toString('hex')}@test.example`, adminPassword: TEST_PASSWORD });
  }, 180_000);

  const auth = () => ({ userId: randomUUID(), accountId: big.accountId, sessionId: 'test', permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }], platformOperator: false });

  it.each(['csv', 'xlsx'] as const)('%s: first bytes before the last batch is read, paused while not read, all rows in the end', async (format) => {
    const { db, counter } = countingDb(t.db);
    const product = await requireProductConfigurationByType(t.db, auth() as never, 'BQ_RISK', { entity: 'INDIVIDUAL_EXPORT', action: 'READ' });
    const prepared = await prepareExport(db, auth() as never, product, { format, locale: 'DE_DE', content: 'clients' }, { batchSize: 500 });
    expect(prepared.totalRows).toBe(BIG);
    const before = counter.queries;
    const first = await firstChunk(prepared.body);
    expect(first.length).toBeGreaterThan(0);
    // 40 batches of 500 need 40 queries (one per batch); the first bytes came after a handful.
    const atFirstBytes = counter.queries - before;
    expect(atFirstBytes).toBeLessThan(6);
    // Nobody reads: the reader stops after filling the stream's buffer rather than loading everything.
    await new Promise((r) => setTimeout(r, 300));
    expect(counter.queries - before).toBeLessThan(20);
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    let bytes = first.length;
    let chunks = 0;
    let peakRetained = 0;
    for await (const chunk of prepared.body) {
      bytes += (chunk as Buffer).length;
      if (++chunks % 20 === 0) {
        collectGarbage();
        peakRetained = Math.max(peakRetained, process.memoryUsage().heapUsed - heapBefore);
      }
    }
    expect(counter.queries - before).toBeGreaterThanOrEqual(40);
    // Flat memory: what stays reachable while the file streams (after a full collection) is a batch or two and the
    // writers' buffers (measured: about 0.1 MB for CSV, 0.9 MB for XLSX), not the 20,000 rows (tens of MB as objects)
    // or the whole file.
    expect(peakRetained).toBeLessThan(8 * 1024 * 1024);
    if (format === 'csv') {
      // Count the data lines of the whole file (header + 20,000).
      expect(bytes).toBeGreaterThan(BIG * 50);
    }
  }, 180_000);

  it('the HTTP answer has every row', async () => {
    const http = new TestClient(t.app);
    await http.login(big.adminEmail, TEST_PASSWORD);
    const res = await http.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US&content=clients');
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(BIG + 1);
  }, 120_000);
});
