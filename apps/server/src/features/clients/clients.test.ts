// Client calls through the HTTP API: validation rules, duplicates, limits, list queries, (de)activation,
// profile, and isolation between accounts.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { ProductType } from '@bq/domain/product-types';
import { accounts, clients, interactionInstances } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviser(opts: { products?: ProductType[]; permissions?: { realm: string; entity: string; action: string }[] } = {}) {
  const acc = await createAccount(t.db, { products: opts.products ?? ['BQ_RISK', 'BQ_SELECTION'] });
  const { email, password, user } = await createUser(t.db, acc.account.id, { permissions: opts.permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (type: ProductType) => acc.configs.find((c) => c.productType === type)!.id;
  return { http, user, account: acc.account, config };
}

const valid = { firstName: 'Lena', lastName: 'Müller', email: 'Lena.Mueller@Example.com', phone: '+49 (0)89 123-456', group: 'PROSPECT', locale: 'DE_DE' };

describe('POST /api/u (create client)', () => {
  it('creates a client with a random token, lower-cased e-mail, and lists it', async () => {
    const { http, config } = await adviser();
    const res = await http.request('POST', '/api/u', { ...valid, productConfigurationId: config('BQ_RISK') });
    expect(res.statusCode).toBe(201);
    const client = res.json();
    expect(client).toMatchObject({ firstName: 'Lena', lastName: 'Müller', initials: 'LM', email: 'lena.mueller@example.com', phone: '+49 (0)89 123-456', group: 'PROSPECT', locale: 'DE_DE', active: true });
    expect(client.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const list = (await http.request('GET', `/api/participants?productConfigurationId=${config('BQ_RISK')}`)).json();
    expect(list.items.map((c: { token: string }) => c.token)).toEqual([client.token]);
  });

  it('gives every client a different unguessable token', async () => {
    const { http, config } = await adviser();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await http.request('POST', '/api/u', { ...valid, email: `c${i}@example.com`, productConfigurationId: config('BQ_RISK') });
      tokens.add(res.json().token);
    }
    expect(tokens.size).toBe(5);
  });

  it.each([
    ['first name missing', { firstName: undefined }, 'body.firstName', 'error.validation.required'],
    ['first name blank', { firstName: '   ' }, 'body.firstName', 'error.validation.required'],
    ['last name missing', { lastName: undefined }, 'body.lastName', 'error.validation.required'],
    ['e-mail missing', { email: undefined }, 'body.email', 'error.validation.required'],
    ['e-mail malformed', { email: 'lena@' }, 'body.email', 'error.validation.invalid_email'],
    ['phone too short', { phone: '12345' }, 'body.phone', 'error.validation.phone'],
    ['phone too long', { phone: '123456789012345678901' }, 'body.phone', 'error.validation.phone'],
    ['phone with letters', { phone: '089 123456 ext 7' }, 'body.phone', 'error.validation.phone'],
    ['phone with a slash', { phone: '089/123456' }, 'body.phone', 'error.validation.phone'],
    ['unknown group', { group: 'VIP' }, 'body.group', 'error.validation.invalid_value'],
    ['unknown language', { locale: 'FR_FR' }, 'body.locale', 'error.validation.invalid_value'],
    ['name too long', { lastName: 'x'.repeat(101) }, 'body.lastName', 'error.validation.too_long'],
  ])('refuses %s with 400 and the field error, and writes nothing', async (_label, change, path, errorKey) => {
    const { http, config, account } = await adviser();
    const res = await http.request('POST', '/api/u', { ...valid, ...change, productConfigurationId: config('BQ_RISK') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    expect(res.json().fields).toContainEqual({ path, errorKey });
    expect(await t.db.select().from(clients).where(eq(clients.accountId, account.id))).toEqual([]);
  });

  it('accepts no phone, or an empty one, and defaults group and language', async () => {
    const { http, config } = await adviser();
    const res = await http.request('POST', '/api/u', { firstName: 'A', lastName: 'B', email: 'ab@example.com', phone: '', productConfigurationId: config('BQ_RISK') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: null, group: 'PROSPECT', locale: 'EN_US' });
  });

  it('refuses a second client with the same e-mail in the account (any letter case) with 409 error.client.duplicate', async () => {
    const { http, config } = await adviser();
    await http.request('POST', '/api/u', { ...valid, productConfigurationId: config('BQ_RISK') });
    const again = await http.request('POST', '/api/u', { ...valid, email: 'LENA.MUELLER@example.com', productConfigurationId: config('BQ_SELECTION') });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorKey).toBe('error.client.duplicate');
  });

  it('allows the same e-mail in another account', async () => {
    const a = await adviser();
    const b = await adviser();
    expect((await a.http.request('POST', '/api/u', { ...valid, productConfigurationId: a.config('BQ_RISK') })).statusCode).toBe(201);
    expect((await b.http.request('POST', '/api/u', { ...valid, productConfigurationId: b.config('BQ_RISK') })).statusCode).toBe(201);
  });

  it('enforces the BQ_USER_COUNT limit and reports it', async () => {
    const { http, config, account, user } = await adviser();
    await t.db.update(accounts).set({ maxClients: 2 }).where(eq(accounts.id, account.id));
    const limitUrl = `/api/admin/user/${user.id}/resource_limit/BQ_USER_COUNT/BQ_USER_COUNT/available`;
    expect((await http.request('GET', limitUrl)).json()).toEqual({ limit: 2, used: 0, available: true });
    for (const email of ['one@example.com', 'two@example.com']) {
      expect((await http.request('POST', '/api/u', { ...valid, email, productConfigurationId: config('BQ_RISK') })).statusCode).toBe(201);
    }
    const third = await http.request('POST', '/api/u', { ...valid, email: 'three@example.com', productConfigurationId: config('BQ_RISK') });
    expect(third.statusCode).toBe(403);
    expect(third.json().errorKey).toBe('error.client.limit_reached');
    expect((await http.request('GET', limitUrl)).json()).toEqual({ limit: 2, used: 2, available: false });
  });

  it('lets 10 concurrent creates against a limit of 3 create exactly 3 clients', async () => {
    const { http, config, account } = await adviser();
    await t.db.update(accounts).set({ maxClients: 3 }).where(eq(accounts.id, account.id));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http.request('POST', '/api/u', { ...valid, email: `race${i}@example.com`, productConfigurationId: config('BQ_RISK') })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 403).every((r) => r.json().errorKey === 'error.client.limit_reached')).toBe(true);
    expect(await t.db.select().from(clients).where(eq(clients.accountId, account.id))).toHaveLength(3);
  });

  it("treats another account's product configuration like a missing one (404)", async () => {
    const mine = await adviser();
    const other = await adviser();
    const res = await mine.http.request('POST', '/api/u', { ...valid, productConfigurationId: other.config('BQ_RISK') });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.not_found');
  });

  it("refuses a product outside the user's realms with 403", async () => {
    const { http, config } = await adviser({ permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const res = await http.request('POST', '/api/u', { ...valid, productConfigurationId: config('BQ_SELECTION') });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.forbidden');
  });

  it('refuses without a session (401) and without the X-Source header (403)', async () => {
    const { config } = await adviser();
    expect((await new TestClient(t.app).request('POST', '/api/u', { ...valid, productConfigurationId: config('BQ_RISK') })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/u', payload: { ...valid, productConfigurationId: config('BQ_RISK') } });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/bq_user and (de)activation', () => {
  async function withClient() {
    const ctx = await adviser();
    const client = (await ctx.http.request('POST', '/api/u', { ...valid, productConfigurationId: ctx.config('BQ_RISK') })).json();
    return { ...ctx, client };
  }

  it('edits fields and changes the group', async () => {
    const { http, config, client } = await withClient();
    const res = await http.request('PATCH', '/api/admin/bq_user', { token: client.token, productConfigurationId: config('BQ_RISK'), group: 'ESTABLISHED', phone: '0049 89 1234', lastName: 'Schmidt' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ group: 'ESTABLISHED', phone: '0049 89 1234', lastName: 'Schmidt', firstName: 'Lena' });
    const profile = (await http.request('GET', `/api/client/${client.token}/product/${config('BQ_RISK')}/profile`)).json();
    expect(profile).toMatchObject({ group: 'ESTABLISHED', lastName: 'Schmidt', productType: 'BQ_RISK', instances: [] });
  });

  it('keeps every field the edit leaves out, group and language included', async () => {
    const { http, config } = await adviser();
    const client = (await http.request('POST', '/api/u', { ...valid, group: 'ESTABLISHED', locale: 'DE_DE', productConfigurationId: config('BQ_RISK') })).json();
    const res = await http.request('PATCH', '/api/admin/bq_user', { token: client.token, productConfigurationId: config('BQ_RISK'), phone: '030 1234567' });
    expect(res.json()).toMatchObject({ group: 'ESTABLISHED', locale: 'DE_DE', firstName: 'Lena', phone: '030 1234567' });
  });

  it('refuses an invalid edit with 400 and keeps the client as it was', async () => {
    const { http, config, client } = await withClient();
    const res = await http.request('PATCH', '/api/admin/bq_user', { token: client.token, productConfigurationId: config('BQ_RISK'), phone: 'abc', firstName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(expect.arrayContaining([
      { path: 'body.phone', errorKey: 'error.validation.phone' },
      { path: 'body.firstName', errorKey: 'error.validation.required' },
    ]));
    const profile = (await http.request('GET', `/api/client/${client.token}/product/${config('BQ_RISK')}/profile`)).json();
    expect(profile.firstName).toBe('Lena');
  });

  it("refuses an e-mail that another client has (409), and another account's client (404)", async () => {
    const { http, config, client } = await withClient();
    await http.request('POST', '/api/u', { ...valid, email: 'taken@example.com', productConfigurationId: config('BQ_RISK') });
    const dup = await http.request('PATCH', '/api/admin/bq_user', { token: client.token, productConfigurationId: config('BQ_RISK'), email: 'Taken@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorKey).toBe('error.client.duplicate');
    const other = await adviser();
    const foreign = await other.http.request('PATCH', '/api/admin/bq_user', { token: client.token, productConfigurationId: other.config('BQ_RISK'), firstName: 'X' });
    expect(foreign.statusCode).toBe(404);
  });

  it('deactivates a client in one product: hidden from the active list, shown as inactive, and back', async () => {
    const { http, config, client } = await withClient();
    const res = await http.request('POST', `/api/admin/bq_user/${client.token}/deactivate`, { productType: 'BQ_RISK' });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    const list = (q: string) => http.request('GET', `/api/participants?productConfigurationId=${config('BQ_RISK')}${q}`).then((r) => r.json());
    expect((await list('')).total).toBe(0);
    expect((await list('&status=INACTIVE')).items[0].token).toBe(client.token);
    expect((await list('&status=ALL')).total).toBe(1);
    await http.request('POST', `/api/admin/bq_user/${client.token}/activate`, { productType: 'BQ_RISK' });
    expect((await list('')).total).toBe(1);
  });

  it('answers 404 for a product the client is not in, or an unknown token', async () => {
    const { http, client } = await withClient();
    expect((await http.request('POST', `/api/admin/bq_user/${client.token}/deactivate`, { productType: 'BQ_SELECTION' })).statusCode).toBe(404);
    expect((await http.request('POST', '/api/admin/bq_user/nope/deactivate', { productType: 'BQ_RISK' })).statusCode).toBe(404);
    expect((await http.request('POST', `/api/admin/bq_user/${client.token}/deactivate`, { productType: 'NOT_A_PRODUCT' })).statusCode).toBe(400);
  });
});

describe('GET /api/participants (list)', () => {
  it('searches, filters, sorts and paginates on the server', async () => {
    const { http, config } = await adviser();
    const people = [
      ['Anna', 'Zimmer', 'PROSPECT'],
      ['Bernd', 'Yilmaz', 'ESTABLISHED'],
      ['Carla', 'Xu', 'PROSPECT'],
      ['Dieter', 'Weber', 'ESTABLISHED'],
      ['Eva', 'Vogel', 'PROSPECT'],
    ] as const;
    for (const [firstName, lastName, group] of people) {
      await http.request('POST', '/api/u', { firstName, lastName, email: `${firstName.toLowerCase()}@firm.example`, group, productConfigurationId: config('BQ_RISK') });
    }
    const get = (q: string) => http.request('GET', `/api/participants?productConfigurationId=${config('BQ_RISK')}&${q}`).then((r) => r.json());
    const names = (body: { items: { lastName: string }[] }) => body.items.map((i) => i.lastName);

    expect(names(await get('sort=name&order=asc'))).toEqual(['Vogel', 'Weber', 'Xu', 'Yilmaz', 'Zimmer']);
    expect(names(await get('sort=name&order=desc'))).toEqual(['Zimmer', 'Yilmaz', 'Xu', 'Weber', 'Vogel']);
    expect(names(await get('q=BERND'))).toEqual(['Yilmaz']);
    expect(names(await get('q=carla%20xu'))).toEqual(['Xu']);
    expect(names(await get('q=firm.example&group=ESTABLISHED&sort=name&order=asc'))).toEqual(['Weber', 'Yilmaz']);
    expect(names(await get('q=%25'))).toEqual([]);
    const page2 = await get('sort=name&order=asc&page=2&pageSize=2');
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(page2)).toEqual(['Xu', 'Yilmaz']);
    expect(await get('sort=name&page=9&pageSize=2')).toMatchObject({ items: [], total: 5 });
  });

  it('shows each client’s latest interaction with its expiry badge, and filters by its status', async () => {
    const { http, config, account } = await adviser();
    const a = (await http.request('POST', '/api/u', { ...valid, email: 'a@x.example', productConfigurationId: config('BQ_RISK') })).json();
    await http.request('POST', '/api/u', { ...valid, email: 'b@x.example', productConfigurationId: config('BQ_RISK') });
    const [row] = await t.db.select().from(clients).where(eq(clients.token, a.token));
    const add = (status: InteractionStatus, createdAt: Date, expiresAt: Date) =>
      t.db.insert(interactionInstances).values({ accountId: account.id, token: randomBytes(18).toString('base64url'), clientId: row!.id, productConfigurationId: config('BQ_RISK'), interactionId: 'risk', status, createdAt, expiresAt });
    await add('FILLED', new Date(Date.now() - 5 * 86_400_000), new Date(Date.now() + 86_400_000));
    await add('OPENED', new Date(Date.now() - 86_400_000), new Date(Date.now() - 3_600_000));
    const body = (await http.request('GET', `/api/participants?productConfigurationId=${config('BQ_RISK')}&interactionStatus=OPENED`)).json();
    expect(body.total).toBe(1);
    expect(body.items[0].lastInstance).toMatchObject({ status: 'OPENED', expirationStatus: 'EXPIRED', interactionId: 'risk' });
    const profile = (await http.request('GET', `/api/client/${a.token}/product/${config('BQ_RISK')}/profile`)).json();
    expect(profile.instances.map((i: { status: string }) => i.status)).toEqual(['OPENED', 'FILLED']);
  });

  it('names each client’s latest finished result, which need not be the latest interaction, in the same list query', async () => {
    const { http, config, account } = await adviser();
    const a = (await http.request('POST', '/api/u', { ...valid, email: 'res-a@x.example', productConfigurationId: config('BQ_RISK') })).json();
    const b = (await http.request('POST', '/api/u', { ...valid, lastName: 'Ohne', email: 'res-b@x.example', productConfigurationId: config('BQ_RISK') })).json();
    const [row] = await t.db.select().from(clients).where(eq(clients.token, a.token));
    const day = 86_400_000;
    const add = async (status: InteractionStatus, daysAgo: number, extra: Partial<typeof interactionInstances.$inferInsert> = {}) => {
      const token = randomBytes(18).toString('base64url');
      await t.db.insert(interactionInstances).values({
        accountId: account.id,
        token,
        clientId: row!.id,
        productConfigurationId: config('BQ_RISK'),
        interactionId: 'risk',
        status,
        createdAt: new Date(Date.now() - (daysAgo + 1) * day),
        expiresAt: new Date(Date.now() + 30 * day),
        ...extra,
      });
      return token;
    };
    await add('RESULTS_AVAILABLE', 20, { filledAt: new Date(Date.now() - 20 * day), lockStatus: 'UNLOCKED' });
    const latest = await add('PREDICTION_ERROR', 5, { filledAt: new Date(Date.now() - 5 * day), lockStatus: 'LOCKED' });
    await add('CALCULATING', 2, { filledAt: new Date(Date.now() - 2 * day) });
    await add('NEW', 0);
    // A result in another product is not this product's.
    await t.db.insert(interactionInstances).values({
      accountId: account.id,
      token: randomBytes(18).toString('base64url'),
      clientId: row!.id,
      productConfigurationId: config('BQ_SELECTION'),
      interactionId: 'selection',
      status: 'RESULTS_AVAILABLE',
      filledAt: new Date(),
    });

    const body = (await http.request('GET', `/api/participants?productConfigurationId=${config('BQ_RISK')}&sort=name&order=asc`)).json();
    const byToken = new Map(body.items.map((item: { token: string }) => [item.token, item]));
    expect(byToken.get(a.token)).toMatchObject({
      lastInstance: { status: 'NEW' },
      latestResult: { token: latest, lockStatus: 'LOCKED', finishedAt: expect.any(String) },
    });
    expect(Date.now() - Date.parse((byToken.get(a.token) as { latestResult: { finishedAt: string } }).latestResult.finishedAt)).toBeGreaterThan(4 * day);
    expect(byToken.get(b.token)).toMatchObject({ lastInstance: null, latestResult: null });
  });

  it("never shows another account's clients, and refuses bad query values with 400", async () => {
    const mine = await adviser();
    const other = await adviser();
    await other.http.request('POST', '/api/u', { ...valid, productConfigurationId: other.config('BQ_RISK') });
    expect((await mine.http.request('GET', `/api/participants?productConfigurationId=${other.config('BQ_RISK')}`)).statusCode).toBe(404);
    expect((await mine.http.request('GET', `/api/participants?productConfigurationId=${mine.config('BQ_RISK')}`)).json().total).toBe(0);
    for (const q of ['pageSize=1000', 'page=0', 'sort=password', 'group=VIP', 'order=sideways']) {
      const res = await mine.http.request('GET', `/api/participants?productConfigurationId=${mine.config('BQ_RISK')}&${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await mine.http.request('GET', '/api/participants')).statusCode).toBe(400);
  });
});

describe('GET /api/client/{token}/product/{id}/profile', () => {
  it("answers 404 for another account's client and a malformed id with 400", async () => {
    const mine = await adviser();
    const other = await adviser();
    const theirs = (await other.http.request('POST', '/api/u', { ...valid, productConfigurationId: other.config('BQ_RISK') })).json();
    expect((await mine.http.request('GET', `/api/client/${theirs.token}/product/${mine.config('BQ_RISK')}/profile`)).statusCode).toBe(404);
    expect((await mine.http.request('GET', `/api/client/${theirs.token}/product/${other.config('BQ_RISK')}/profile`)).statusCode).toBe(404);
    expect((await mine.http.request('GET', `/api/client/${theirs.token}/product/not-a-uuid/profile`)).statusCode).toBe(400);
  });

  it("refuses another user's resource limits like a missing route (404)", async () => {
    const mine = await adviser();
    const other = await adviser();
    const res = await mine.http.request('GET', `/api/admin/user/${other.user.id}/resource_limit/BQ_USER_COUNT/BQ_USER_COUNT/available`);
    expect(res.statusCode).toBe(404);
  });
});
