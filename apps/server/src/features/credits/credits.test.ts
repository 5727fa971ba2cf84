// Unlocking results with credits and the wealth advisory trial, through the HTTP API.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { creditBalances, creditLedger, interactionInstances, productConfigurations } from '../../db/schema';
import { creditBalance } from '../user/user-service';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviserWithResult(opts: { credits?: number; product?: ProductType; status?: InteractionStatus; permissions?: { realm: string; entity: string; action: string }[] } = {}) {
  const product = opts.product ?? 'BQ_RISK';
  const acc = await createAccount(t.db, { products: [product], credits: opts.credits ?? 0 });
  const { email, password, user } = await createUser(t.db, acc.account.id, { permissions: opts.permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = acc.configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Lena', lastName: 'Vogt', email: `l${Math.random()}@example.com`, productConfigurationId: config })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config })).json();
  // The calculation itself is tested with the questionnaire; here the instance is put straight into the state under test.
  await t.db.update(interactionInstances).set({ status: opts.status ?? 'RESULTS_AVAILABLE' }).where(eq(interactionInstances.token, instance.token));
  return { http, account: acc.account, user, config, instance };
}

const balanceOf = async (http: TestClient) => (await http.request('GET', '/api/user')).json().creditBalance as number;

describe('POST /api/credit/unlock', () => {
  it('unlocks a LOCKED result with one credit, writes a ledger row and lowers the balance by one', async () => {
    const { http, instance, account, user } = await adviserWithResult({ credits: 3 });
    expect(await balanceOf(http)).toBe(3);
    const res = await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ interactionToken: instance.token, lockStatus: 'UNLOCKED', creditSpent: true, creditBalance: 2 });
    expect(await balanceOf(http)).toBe(2);
    const ledger = await t.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'UNLOCK')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -1, reference: instance.token, userId: user.id });
    expect((await http.request('GET', `/api/instance/${instance.token}`)).json().lockStatus).toBe('UNLOCKED');
  });

  it('spends nothing for a result that is already unlocked', async () => {
    const { http, instance } = await adviserWithResult({ credits: 2 });
    await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token });
    const again = await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token });
    expect(again.json()).toMatchObject({ lockStatus: 'UNLOCKED', creditSpent: false, creditBalance: 1 });
  });

  it('opens a TRIAL result without a credit', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_ADVISORY_WEALTH'] });
    await t.db.update(productConfigurations).set({ planType: 'TRIAL' }).where(eq(productConfigurations.accountId, acc.account.id));
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const config = acc.configs[0]!.id;
    const client = (await http.request('POST', '/api/u', { firstName: 'Tom', lastName: 'Rau', email: 'tom@example.com', productConfigurationId: config })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config })).json();
    await t.db.update(interactionInstances).set({ status: 'RESULTS_AVAILABLE' }).where(eq(interactionInstances.token, instance.token));
    const res = await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token });
    expect(res.json()).toEqual({ interactionToken: instance.token, lockStatus: 'TRIAL', creditSpent: false, creditBalance: 0 });
  });

  it('answers 402 payment required with no credits, and unlocks nothing', async () => {
    const { http, instance } = await adviserWithResult({ credits: 0 });
    const res = await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token });
    expect(res.statusCode).toBe(402);
    expect(res.json().errorKey).toBe('error.credit.payment_required');
    expect((await http.request('GET', `/api/instance/${instance.token}`)).json().lockStatus).toBe('LOCKED');
    expect(await balanceOf(http)).toBe(0);
  });

  it('refuses a result that is not calculated yet (409) and spends nothing', async () => {
    for (const status of ['NEW', 'OPENED', 'FILLED', 'CALCULATING', 'ERROR'] as const) {
      const { http, instance } = await adviserWithResult({ credits: 1, status });
      const res = await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().errorKey).toBe('error.credit.result_not_ready');
      expect(await balanceOf(http)).toBe(1);
    }
  });

  it('unlocks a PREDICTION_ERROR result: its scores are available', async () => {
    const { http, instance } = await adviserWithResult({ credits: 1, status: 'PREDICTION_ERROR' });
    expect((await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token })).json().creditSpent).toBe(true);
  });

  it("treats another account's token like a missing one (404) and spends nothing of either", async () => {
    const owner = await adviserWithResult({ credits: 1 });
    const other = await adviserWithResult({ credits: 5 });
    for (const token of [owner.instance.token, 'does-not-exist']) {
      const res = await other.http.request('POST', '/api/credit/unlock', { interactionToken: token });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
    }
    expect(await balanceOf(other.http)).toBe(5);
    expect(await balanceOf(owner.http)).toBe(1);
  });

  it('validates the body, needs a session, CSRF header and INDIVIDUAL_RESULTS permission', async () => {
    const { http, instance } = await adviserWithResult({ credits: 1 });
    for (const body of [{}, { interactionToken: '' }, { interactionToken: 42 }, { interactionToken: 'x'.repeat(101) }]) {
      const res = await http.request('POST', '/api/credit/unlock', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/credit/unlock', headers: { 'x-source': 'web' }, payload: { interactionToken: instance.token } });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token }, { 'x-source': '' });
    expect(noCsrf.statusCode).toBe(403);

    const limited = await adviserWithResult({
      credits: 1,
      permissions: [
        { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'ALL' },
      ],
    });
    const forbidden = await limited.http.request('POST', '/api/credit/unlock', { interactionToken: limited.instance.token });
    expect(forbidden.statusCode).toBe(403);
    expect(await balanceOf(limited.http)).toBe(1);
  });

  it('lets 50 concurrent unlocks against a balance of one credit unlock once and spend one credit', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 1 });
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const config = acc.configs[0]!.id;
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const client = (await http.request('POST', '/api/u', { firstName: 'P', lastName: `N${i}`, email: `p${i}.${Math.random()}@example.com`, productConfigurationId: config })).json();
      const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config })).json();
      await t.db.update(interactionInstances).set({ status: 'RESULTS_AVAILABLE' }).where(eq(interactionInstances.token, instance.token));
      tokens.push(instance.token);
    }
    // 50 requests spread over 5 different results of one account, so both "same result twice" and
    // "two results, one credit" races are exercised.
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => http.request('POST', '/api/credit/unlock', { interactionToken: tokens[i % 5] })));
    const spent = responses.filter((r) => r.statusCode === 200 && r.json().creditSpent);
    expect(spent).toHaveLength(1);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 402)).toBe(true);
    expect(await balanceOf(http)).toBe(0);
    const unlocked = await t.db.select().from(interactionInstances).where(and(eq(interactionInstances.accountId, acc.account.id), eq(interactionInstances.lockStatus, 'UNLOCKED')));
    expect(unlocked).toHaveLength(1);
    expect(unlocked[0]!.token).toBe(spent[0]!.json().interactionToken);
  });
});

describe('wealth advisory trial', () => {
  it('shows the trial notice on the TRIAL plan until the user dismisses it', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_ADVISORY_WEALTH'] });
    await t.db.update(productConfigurations).set({ planType: 'TRIAL' }).where(eq(productConfigurations.accountId, acc.account.id));
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    expect((await http.request('GET', '/api/trial/bq_advisory_wealth')).json()).toEqual({
      productType: 'BQ_ADVISORY_WEALTH',
      onTrial: true,
      trialAvailable: true,
      dismissed: false,
      trialResults: 0,
      endsAt: null,
      ended: false,
      endedNotice: false,
    });
    const dismissed = await http.request('POST', '/api/trial/bq_advisory_wealth/dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ onTrial: true, trialAvailable: false, dismissed: true });
    await http.request('POST', '/api/trial/bq_advisory_wealth/dismiss');
    expect((await http.request('GET', '/api/trial/bq_advisory_wealth')).json().dismissed).toBe(true);
  });

  it('says when the trial ends, and once it has ended says so until that notice too is dismissed', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_ADVISORY_WEALTH'] });
    const ends = new Date('2030-01-31T12:00:00.000Z');
    const configs = eq(productConfigurations.accountId, acc.account.id);
    await t.db.update(productConfigurations).set({ planType: 'TRIAL', trialEndsAt: ends }).where(configs);
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const status = async () => (await http.request('GET', '/api/trial/bq_advisory_wealth')).json();
    expect(await status()).toMatchObject({ onTrial: true, trialAvailable: true, endsAt: ends.toISOString(), ended: false, endedNotice: false });
    expect((await http.request('GET', '/api/payment/configurations?productType=BQ_ADVISORY_WEALTH')).json().trialEndsAt).toBe(ends.toISOString());
    await http.request('POST', '/api/trial/bq_advisory_wealth/dismiss');

    const ended = new Date(Date.now() - 86_400_000);
    await t.db.update(productConfigurations).set({ trialEndsAt: ended }).where(configs);
    // Dismissing "the trial runs" does not hide "the trial has ended".
    expect(await status()).toMatchObject({ onTrial: false, trialAvailable: false, endsAt: ended.toISOString(), ended: true, endedNotice: true });
    expect((await http.request('POST', '/api/trial/bq_advisory_wealth/dismiss')).json()).toMatchObject({ ended: true, endedNotice: false, dismissed: true });
  });

  it('says no trial for a BASIC plan or an account without the product, and needs a session', async () => {
    const { http } = await adviserWithResult({ product: 'BQ_ADVISORY_WEALTH' });
    expect((await http.request('GET', '/api/trial/bq_advisory_wealth')).json()).toMatchObject({ onTrial: false, trialAvailable: false });
    const risk = await adviserWithResult();
    expect((await risk.http.request('GET', '/api/trial/bq_advisory_wealth')).json()).toMatchObject({ onTrial: false, trialAvailable: false, trialResults: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/trial/bq_advisory_wealth' })).statusCode).toBe(401);
  });
});

describe('the credit balance (migration 0048: kept beside the ledger by a trigger)', () => {
  it('follows every movement of the ledger, purchases, unlocks, corrections and removals, in the same transaction', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const other = await createAccount(t.db, { products: ['BQ_RISK'], credits: 7 });
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    // Computed afresh (as a hard reload asks): these writes bypass the app, so on PostgreSQL the response cache would
    // hear of them only when the notification arrives.
    const shown = async () => (await http.request('GET', '/api/user', undefined, { 'cache-control': 'no-cache' })).json().creditBalance as number;
    const ledgerSum = async (accountId: string) =>
      Number(((await t.db.execute(sql`select coalesce(sum(delta), 0) as n from credit_ledger where account_id = ${accountId}::uuid`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    // No movement yet: no balance row, and the profile says 0.
    expect(await shown()).toBe(0);
    await t.db.insert(creditLedger).values([
      { accountId: acc.account.id, delta: 25, reason: 'TEST', reference: 'purchase-1' },
      { accountId: acc.account.id, delta: -1, reason: 'TEST', reference: 'unlock-1' },
      { accountId: acc.account.id, delta: -1, reason: 'TEST', reference: 'unlock-2' },
    ]);
    expect(await shown()).toBe(23);
    await t.db.update(creditLedger).set({ delta: 30 }).where(eq(creditLedger.reference, 'purchase-1'));
    expect(await shown()).toBe(28);
    await t.db.delete(creditLedger).where(eq(creditLedger.reference, 'unlock-2'));
    expect(await shown()).toBe(29);
    // A movement that rolls back leaves the balance as it was.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(creditLedger).values({ accountId: acc.account.id, delta: 100, reason: 'TEST', reference: 'rolled-back' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await creditBalance(t.db, acc.account.id)).toBe(29);
    expect(await ledgerSum(acc.account.id)).toBe(29);
    // Another account's movements are its own.
    expect(await creditBalance(t.db, other.account.id)).toBe(7);
    expect(await ledgerSum(other.account.id)).toBe(7);
    const rows = await t.db.select().from(creditBalances).where(eq(creditBalances.accountId, acc.account.id));
    expect(rows).toEqual([{ accountId: acc.account.id, balance: 29 }]);
  });
});
