// BI through the HTTP API: categories, a category's distribution by group with the k floor over anonymised
// people, and the clients behind a category (filters, group, search, pages, names). Facts follow results, group
// changes and deletions through the database triggers (docs/decisions/0021).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, interactionInstances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addClient, colleague, signedInAccount } from './bi-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { bucket: string; label: string; PROSPECT: { count: number | null; tooFewToShow: boolean }; ESTABLISHED: { count: number | null; tooFewToShow: boolean } };
const cells = (body: { rows: Row[] }) => Object.fromEntries(body.rows.map((r) => [r.bucket, [r.PROSPECT.count, r.ESTABLISHED.count]]));

describe('GET /api/bi/{product}/categories', () => {
  it('lists a category per dimension and the risk class, labelled in the requested language', async () => {
    const { http } = await signedInAccount(t);
    const en = await http.request('GET', '/api/bi/BQ_RISK/categories?locale=EN_UK');
    expect(en.statusCode).toBe(200);
    const keys = en.json().categories.map((c: { key: string }) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['dimension.tolerance', 'dimension.capacity', 'risk_class']));
    const risk = en.json().categories.find((c: { key: string }) => c.key === 'risk_class');
    expect(risk).toMatchObject({ kind: 'RISK_CLASS', label: 'Suitable risk class' });
    expect(risk.buckets.map((b: { key: string }) => b.key)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const de = (await http.request('GET', '/api/bi/BQ_RISK/categories?locale=de_de')).json();
    expect(de.locale).toBe('DE_DE');
    expect(de.categories.find((c: { key: string }) => c.key === 'risk_class').label).toBe('Geeignete Risikoklasse');
    expect(de.categories.find((c: { key: string }) => c.key === 'dimension.tolerance').buckets[0].label).toBe('Niedrig (Stanine 1-3)');
    // An unknown locale falls back to EN_US, as the spec says.
    expect((await http.request('GET', '/api/bi/BQ_RISK/categories?locale=fr_fr')).json().locale).toBe('EN_US');
  });

  it('names the investment style for a product that indicates one', async () => {
    const { http } = await signedInAccount(t, { products: ['BQ_ADVISORY_BANK'] });
    const body = (await http.request('GET', '/api/bi/BQ_ADVISORY_BANK/categories?locale=EN_US')).json();
    expect(body.categories.map((c: { key: string }) => c.key)).toContain('investment_style');
  });

  it('refuses an unknown product type (400), a product the account lacks (404) and a user without results permission (403)', async () => {
    const { http, account } = await signedInAccount(t);
    const bad = await http.request('GET', '/api/bi/NOT_A_PRODUCT/categories');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
    const missing = await http.request('GET', '/api/bi/BQ_SELECTION/categories');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorKey).toBe('error.not_found');
    const adviser = await colleague(t, account.id, [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' }]);
    const forbidden = await adviser.request('GET', '/api/bi/BQ_RISK/categories');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorKey).toBe('error.auth.forbidden');
  });
});

describe('GET /api/bi/{product}/category/{key}', () => {
  it("counts each client's latest result once, by group, and follows group changes and deletions", async () => {
    const { http, account, config } = await signedInAccount(t);
    const lena = await addClient(t, account.id, config(), { firstName: 'Lena', lastName: 'B', result: { stanines: { tolerance: 2 }, riskClass: 2, finishedMinutesAgo: 100 } });
    // A newer result of Lena replaces the older one in BI.
    await t.db.insert(interactionInstances).values({
      accountId: account.id,
      token: `newer-${lena.token}`,
      clientId: lena.id,
      productConfigurationId: config(),
      interactionId: 'risk',
      status: 'RESULTS_AVAILABLE',
      lockStatus: 'UNLOCKED',
      filledAt: new Date(),
      results: (await import('./bi-fixtures')).riskResults({ stanines: { tolerance: 8 }, riskClass: 6 }),
    });
    await addClient(t, account.id, config(), { firstName: 'Max', lastName: 'C', group: 'ESTABLISHED', result: { stanines: { tolerance: 5 }, riskClass: 4 } });
    await addClient(t, account.id, config(), { firstName: 'Ina', lastName: 'D', result: { stanines: { tolerance: 9 }, riskClass: 6 } });
    await addClient(t, account.id, config(), { firstName: 'Ole', lastName: 'E', status: 'OPENED' });

    const res = await http.request('GET', '/api/bi/BQ_RISK/category/dimension.tolerance?locale=EN_US');
    expect(res.statusCode).toBe(200);
    expect(cells(res.json())).toEqual({ LOW: [0, 0], AVERAGE: [0, 1], HIGH: [2, 0] });
    expect(res.json().totals).toEqual({ PROSPECT: { count: 2, tooFewToShow: false }, ESTABLISHED: { count: 1, tooFewToShow: false } });
    expect(res.json().anonymityK).toBeNull();
    expect(cells((await http.request('GET', '/api/bi/BQ_RISK/category/risk_class')).json())['6']).toEqual([2, 0]);

    const prospects = (await http.request('GET', '/api/bi/BQ_RISK/category/dimension.tolerance?group=PROSPECT')).json();
    expect(prospects.group).toBe('PROSPECT');
    expect(prospects.rows.find((r: Row) => r.bucket === 'HIGH')).toMatchObject({ PROSPECT: { count: 2 }, ESTABLISHED: { count: null, tooFewToShow: false } });

    await t.db.update(clients).set({ clientGroup: 'ESTABLISHED' }).where(eq(clients.id, lena.id));
    expect(cells((await http.request('GET', '/api/bi/BQ_RISK/category/dimension.tolerance')).json()).HIGH).toEqual([1, 1]);
    await t.db.delete(interactionInstances).where(eq(interactionInstances.token, `newer-${lena.token}`));
    expect(cells((await http.request('GET', '/api/bi/BQ_RISK/category/dimension.tolerance')).json())).toEqual({ LOW: [0, 1], AVERAGE: [0, 1], HIGH: [1, 0] });
  });

  it.each([
    ['an unknown category', '/api/bi/BQ_RISK/category/dimension.nothing', 404, 'error.not_found'],
    ['a key with other characters', '/api/bi/BQ_RISK/category/risk%20class', 400, 'error.validation'],
    ['an unknown group', '/api/bi/BQ_RISK/category/risk_class?group=VIP', 400, 'error.validation'],
    ['a product the account lacks', '/api/bi/BQ_SELECTION/category/risk_class', 404, 'error.not_found'],
  ])('refuses %s', async (_label, url, status, errorKey) => {
    const { http } = await signedInAccount(t);
    const res = await http.request('GET', url);
    expect(res.statusCode).toBe(status);
    expect(res.json().errorKey).toBe(errorKey);
  });

  it('refuses a user without results permission (403)', async () => {
    const { account } = await signedInAccount(t);
    const adviser = await colleague(t, account.id, [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' }]);
    expect((await adviser.request('GET', '/api/bi/BQ_RISK/category/risk_class')).statusCode).toBe(403);
    expect((await adviser.request('GET', '/api/bi/BQ_RISK/category/risk_class/clients')).statusCode).toBe(403);
  });

  it('shows "too few to show" for cells of anonymised people below k, never below 3, and the total of such a group', async () => {
    const { http, account, config } = await signedInAccount(t);
    const high: { token: string }[] = [];
    for (let i = 0; i < 4; i++) high.push(await addClient(t, account.id, config(), { firstName: `H${i}`, lastName: 'High', result: { stanines: { tolerance: 8 } } }));
    for (let i = 0; i < 5; i++) await addClient(t, account.id, config(), { firstName: `A${i}`, lastName: 'Avg', result: { stanines: { tolerance: 5 } } });
    await addClient(t, account.id, config(), { firstName: 'E', lastName: 'Est', group: 'ESTABLISHED', result: { stanines: { tolerance: 5 } } });
    const get = async () => (await http.request('GET', '/api/bi/BQ_RISK/category/dimension.tolerance?locale=EN_US')).json();

    // List off: nobody is anonymised, every count shows.
    expect(cells(await get())).toEqual({ LOW: [0, 0], AVERAGE: [5, 1], HIGH: [4, 0] });

    await http.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: true });
    const on = await get();
    expect(on.anonymityK).toBe(5);
    expect(on.rows.find((r: Row) => r.bucket === 'HIGH').PROSPECT).toEqual({ count: null, tooFewToShow: true });
    expect(on.rows.find((r: Row) => r.bucket === 'AVERAGE').PROSPECT).toEqual({ count: 5, tooFewToShow: false });
    expect(on.rows.find((r: Row) => r.bucket === 'AVERAGE').ESTABLISHED).toEqual({ count: null, tooFewToShow: true });
    expect(on.rows.find((r: Row) => r.bucket === 'LOW').PROSPECT).toEqual({ count: 0, tooFewToShow: false });
    // Total minus the other cells would give the hidden one away.
    expect(on.totals.PROSPECT).toEqual({ count: null, tooFewToShow: true });

    // k 4 shows the four; the floor never goes below 3.
    await http.request('POST', '/api/admin/user/settings', { anonymityK: 4 });
    expect((await get()).rows.find((r: Row) => r.bucket === 'HIGH').PROSPECT).toEqual({ count: 4, tooFewToShow: false });
    expect((await http.request('POST', '/api/admin/user/settings', { anonymityK: 1 })).statusCode).toBe(400);
    await http.request('POST', '/api/admin/user/settings', { anonymityK: 10 });
    expect((await get()).rows.find((r: Row) => r.bucket === 'AVERAGE').PROSPECT.tooFewToShow).toBe(true);

    // People on the allow-list are not anonymised: a cell of only them shows.
    for (const h of high) await http.request('POST', `/api/productconfig/${config()}/user/anonymization_allow_list`, { userToken: h.token });
    expect((await get()).rows.find((r: Row) => r.bucket === 'HIGH').PROSPECT).toEqual({ count: 4, tooFewToShow: false });
  });
});

describe('GET /api/bi/{product}/category/{key}/clients', () => {
  it('lists the clients behind a category: repeated filters, group, search, pages, newest first, names anonymised', async () => {
    const { http, account, config } = await signedInAccount(t);
    const ana = await addClient(t, account.id, config(), { firstName: 'Ana', lastName: 'Low', result: { stanines: { tolerance: 2 }, finishedMinutesAgo: 30 } });
    const ben = await addClient(t, account.id, config(), { firstName: 'Ben', lastName: 'Mid', group: 'ESTABLISHED', result: { stanines: { tolerance: 5 }, finishedMinutesAgo: 20 } });
    const cem = await addClient(t, account.id, config(), { firstName: 'Cem', lastName: 'High', result: { stanines: { tolerance: 8 }, finishedMinutesAgo: 10 } });
    const base = '/api/bi/BQ_RISK/category/dimension.tolerance/clients';
    const names = (body: { items: { firstName: string }[] }) => body.items.map((c) => c.firstName);

    const all = (await http.request('GET', `${base}?locale=EN_US`)).json();
    expect(names(all)).toEqual(['Cem', 'Ben', 'Ana']);
    expect(all.items[0]).toMatchObject({ token: cem.token, bucket: 'HIGH', bucketLabel: 'High (stanine 7-9)', resultToken: cem.resultToken, group: 'PROSPECT', anonymize: false });
    expect(all.total).toBe(3);
    expect(names((await http.request('GET', `${base}?filter=LOW&filter=HIGH`)).json())).toEqual(['Cem', 'Ana']);
    expect(names((await http.request('GET', `${base}?filter=AVERAGE`)).json())).toEqual(['Ben']);
    expect(names((await http.request('GET', `${base}?group=ESTABLISHED`)).json())).toEqual(['Ben']);
    expect(names((await http.request('GET', `${base}?q=ana`)).json())).toEqual(['Ana']);
    expect(names((await http.request('GET', `${base}?q=an`)).json())).toEqual(['Ana']);
    expect((await http.request('GET', `${base}?q=high&pageSize=1`)).json()).toMatchObject({ total: 1, items: [{ firstName: 'Cem' }] });
    const page2 = (await http.request('GET', `${base}?pageSize=2&page=2`)).json();
    expect(names(page2)).toEqual(['Ana']);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((await http.request('GET', `${base}?pageSize=2&page=1`)).json().total).toBe(3);

    await http.request('POST', `/api/productconfig/${config()}/user/anonymization_allow_list`, { userToken: ben.token });
    await http.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: true, locale: 'DE_DE' });
    const on = (await http.request('GET', `${base}?locale=DE_DE`)).json();
    expect(on.items.map((c: { firstName: string; anonymizedName: string | null }) => c.anonymizedName ?? c.firstName)).toEqual([
      expect.stringMatching(/^Kunde \d+$/),
      'Ben',
      expect.stringMatching(/^Kunde \d+$/),
    ]);
    expect(JSON.stringify(on)).not.toMatch(/Ana|Cem/);
    expect((await http.request('GET', `${base}?q=ana`)).json().items).toEqual([]);
    expect(ana.token).toBeTruthy();
  });

  it.each([
    ['a filter value the category lacks', '?filter=HUGE', 'error.validation'],
    ['page 0', '?page=0', 'error.validation'],
    ['a page size over 100', '?pageSize=101', 'error.validation'],
    ['an unknown group', '?group=VIP', 'error.validation'],
  ])('refuses %s with 400', async (_label, query, errorKey) => {
    const { http } = await signedInAccount(t);
    const res = await http.request('GET', `/api/bi/BQ_RISK/category/dimension.tolerance/clients${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe(errorKey);
  });

  it("never shows another account's clients, and treats a product the account lacks as missing (404)", async () => {
    const mine = await signedInAccount(t);
    const theirs = await signedInAccount(t, { products: ['BQ_RISK', 'BQ_SELECTION'] });
    await addClient(t, theirs.account.id, theirs.config(), { firstName: 'Omar', lastName: 'Said', result: { stanines: { tolerance: 5 } } });
    expect((await mine.http.request('GET', '/api/bi/BQ_RISK/category/dimension.tolerance/clients')).json()).toMatchObject({ items: [], total: 0 });
    const res = await mine.http.request('GET', '/api/bi/BQ_SELECTION/category/dimension.tolerance/clients');
    expect(res.statusCode).toBe(404);
  });
});
