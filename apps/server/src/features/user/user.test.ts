// GET /api/user, POST /api/admin/user/settings and GET /api/reminders/counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { clients, interactionInstances } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(opts: Parameters<typeof createUser>[2] = {}, account?: Awaited<ReturnType<typeof createAccount>>) {
  const acc = account ?? (await createAccount(t.db, { credits: 1250, products: ['BQ_RISK', 'BQ_SELECTION', 'BQ_ADVISORY_BANK'] }));
  const created = await createUser(t.db, acc.account.id, opts);
  const client = new TestClient(t.app);
  expect((await client.login(created.email, created.password)).statusCode).toBe(200);
  return { ...created, client, ...acc };
}

describe('GET /api/user', () => {
  it('describes the signed-in user, account, products, balance and initials', async () => {
    const { client, account } = await signedIn({ firstName: 'Özlem', lastName: 'Schäfer' });
    const res = await client.request('GET', '/api/user');
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      firstName: 'Özlem',
      lastName: 'Schäfer',
      initials: 'ÖS',
      accountId: account.id,
      accountName: 'Test Advisory',
      accountType: 'ENTERPRISE',
      creditBalance: 1250,
      locale: 'EN_US',
      previousLoginAt: null,
    });
    // Products in the spec's order, the first one current when none was chosen.
    expect(user.products.map((p: { productType: string }) => p.productType)).toEqual(['BQ_ADVISORY_BANK', 'BQ_RISK', 'BQ_SELECTION']);
    expect(user.currentProduct.productType).toBe('BQ_ADVISORY_BANK');
  });

  it('lists only the products whose realm the user holds a permission in', async () => {
    const { client } = await signedIn({ permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const user = (await client.request('GET', '/api/user')).json();
    expect(user.products.map((p: { productType: string }) => p.productType)).toEqual(['BQ_RISK']);
    expect(user.currentProduct.productType).toBe('BQ_RISK');
  });

  it('remembers the previous sign-in time for the user menu', async () => {
    const { client, email, password } = await signedIn();
    await client.login(email, password);
    const user = (await client.request('GET', '/api/user')).json();
    expect(new Date(user.previousLoginAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sums the credit ledger for the balance', async () => {
    const acc = await createAccount(t.db, { credits: 10 });
    const { creditLedger } = await import('../../db/schema');
    await t.db.insert(creditLedger).values({ accountId: acc.account.id, delta: -3, reason: 'TEST_SPEND' });
    const { client } = await signedIn({}, acc);
    expect((await client.request('GET', '/api/user')).json().creditBalance).toBe(7);
  });
});

describe('POST /api/admin/user/settings', () => {
  it('saves the language, which GET /api/user then reports', async () => {
    const { client } = await signedIn();
    const res = await client.request('POST', '/api/admin/user/settings', { locale: 'DE_DE' });
    expect(res.statusCode).toBe(200);
    expect((await client.request('GET', '/api/user')).json().locale).toBe('DE_DE');
  });

  it('refuses an unknown language with 400 and changes nothing', async () => {
    const { client } = await signedIn();
    const res = await client.request('POST', '/api/admin/user/settings', { locale: 'FR_FR' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorKey: 'error.validation', fields: [{ path: 'body.locale', errorKey: 'error.validation.invalid_value' }] });
    expect((await client.request('GET', '/api/user')).json().locale).toBe('EN_US');
  });
});

describe('GET /api/reminders/counts', () => {
  it("counts the account's open instances by expiry, and no other account's", async () => {
    const { client, account, configs, user } = await signedIn();
    const other = await createAccount(t.db, { products: ['BQ_RISK'] });
    const day = 86_400_000;
    const now = new Date();
    const startNextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const endOfThisMonth = startNextMonth - 1000;
    async function instance(accountId: string, configId: string, expiresAt: Date, status: InteractionStatus = 'NEW') {
      const [c] = await t.db
        .insert(clients)
        .values({ accountId, token: randomBytes(16).toString('base64url'), firstName: 'C', lastName: 'L', email: `${randomBytes(6).toString('hex')}@test.example` })
        .returning();
      await t.db.insert(interactionInstances).values({
        accountId,
        token: randomBytes(16).toString('base64url'),
        clientId: c!.id,
        productConfigurationId: configId,
        initiatorId: accountId === account.id ? user.id : null,
        interactionId: 'risk',
        status,
        expiresAt,
      });
    }
    const config = configs[0]!.id;
    await instance(account.id, config, new Date(Date.now() - day)); // expired: remind now
    await instance(account.id, config, new Date(Date.now() - 2 * day), 'OPENED'); // expired, opened
    await instance(account.id, config, new Date(Date.now() - day), 'FILLED'); // done: no reminder
    if (endOfThisMonth > Date.now() + 60_000) await instance(account.id, config, new Date(endOfThisMonth)); // later this month
    await instance(account.id, config, new Date(startNextMonth + 3 * day)); // next month
    await instance(account.id, config, new Date(startNextMonth + 40 * day)); // beyond next month
    await instance(other.account.id, other.configs[0]!.id, new Date(Date.now() - day)); // another account
    const res = await client.request('GET', '/api/reminders/counts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ now: 2, thisMonth: endOfThisMonth > Date.now() + 60_000 ? 1 : 0, nextMonth: 1, reviewsDue: 0 });
  });
});
