// The client comparison through the HTTP API: two to ten clients side by side with similarity to the first,
// the swap, the drivers, 'No Completed Instance', the maximum, bad input, foreign tokens and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARISON_MAX_CLIENTS } from '@bq/contracts/comparison';
import type { ProductType } from '@bq/domain/product-types';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Permission = { realm: string; entity: string; action: string };

async function adviser(permissions?: Permission[]) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 20 });
  const { email, password } = await createUser(t.db, acc.account.id, { permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, configId: acc.configs[0]!.id };
}
type Ctx = Awaited<ReturnType<typeof adviser>>;

async function newClient(ctx: Ctx, name: string) {
  return (await ctx.http.request('POST', '/api/u', { firstName: name, lastName: 'Roth', email: `${name}.${Math.random()}@example.com`, productConfigurationId: ctx.configId })).json().token as string;
}

/** A client with one finished, unlocked BQ_RISK result (simulated respondent `seed`). */
async function clientWithResult(ctx: Ctx, name: string, seed: number, product: ProductType = 'BQ_RISK') {
  const clientToken = await newClient(ctx, name);
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken, productConfigurationId: ctx.configId })).json();
  await answerCalculateUnlock(t, ctx.http, instance.token, product, seed);
  return { clientToken, instanceToken: instance.token as string };
}

const compare = (ctx: Ctx, tokens: string[], extra = '') =>
  ctx.http.request('GET', `/api/comparison?productType=BQ_RISK${tokens.map((tk) => `&clientToken=${encodeURIComponent(tk)}`).join('')}${extra}`);

describe('GET /api/comparison', () => {
  it('shows clients side by side, the first without similarity, the others against it; a swap recomputes', async () => {
    const ctx = await adviser();
    const a = await clientWithResult(ctx, 'Anna', 11);
    const b = await clientWithResult(ctx, 'Ben', 12);
    const c = await clientWithResult(ctx, 'Cleo', 13);
    const res = await compare(ctx, [a.clientToken, b.clientToken, c.clientToken], '&locale=EN_US');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.maxClients).toBe(COMPARISON_MAX_CLIENTS);
    expect(body.dimensions.map((d: { key: string }) => d.key)).toEqual(['tolerance', 'capacity', 'loss_reaction', 'horizon', 'knowledge']);
    const [first, second, third] = body.clients;
    expect(first).toMatchObject({ token: a.clientToken, displayName: 'Anna Roth', lastCompleteInteractionToken: a.instanceToken, similarity: null, drivers: [] });
    expect(first.dashboardResults.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.dimensionGraph).toHaveLength(5);
    for (const other of [second, third]) {
      expect(Number.isInteger(other.similarity)).toBe(true);
      expect(other.similarity).toBeGreaterThanOrEqual(0);
      expect(other.similarity).toBeLessThanOrEqual(100);
      expect(other.drivers).toHaveLength(5);
    }
    // Each similarity equals the pairwise BQS_COMP figure.
    const pair = (await ctx.http.request('GET', `/api/comp/BQS_COMP?instanceToken1=${a.instanceToken}&instanceToken2=${c.instanceToken}`)).json();
    expect(third.similarity).toBe(pair.similarity);

    // Swap: Cleo first. She loses her similarity; Anna's is the same as before (symmetric); Ben's is against Cleo.
    const swapped = (await compare(ctx, [c.clientToken, a.clientToken, b.clientToken])).json();
    expect(swapped.clients.map((x: { token: string }) => x.token)).toEqual([c.clientToken, a.clientToken, b.clientToken]);
    expect(swapped.clients[0].similarity).toBeNull();
    expect(swapped.clients[1].similarity).toBe(third.similarity);
    const bc = (await ctx.http.request('GET', `/api/comp/BQS_COMP?instanceToken1=${b.instanceToken}&instanceToken2=${c.instanceToken}`)).json();
    expect(swapped.clients[2].similarity).toBe(bc.similarity);
  });

  it("answers 'No Completed Instance' for a client without a completed, unlocked result (and for the candidate check)", async () => {
    const ctx = await adviser();
    const a = await clientWithResult(ctx, 'Anna', 21);
    const fresh = await newClient(ctx, 'Fresh');
    const res = await compare(ctx, [a.clientToken, fresh]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorKey).toBe('error.comparison.no_completed_instance');
    const candidate = await ctx.http.request('GET', `/api/comparison/client/${fresh}?productType=BQ_RISK`);
    expect(candidate.statusCode).toBe(409);
    expect(candidate.json().errorKey).toBe('error.comparison.no_completed_instance');
    const ok = (await ctx.http.request('GET', `/api/comparison/client/${a.clientToken}?productType=BQ_RISK`)).json();
    expect(ok).toEqual({ token: a.clientToken, displayName: 'Anna Roth', lastCompleteInteractionToken: a.instanceToken });
  });

  it("names clients as the viewer's anonymisation allow-list says: 'Client <n>' unless on the list", async () => {
    const ctx = await adviser();
    const a = await clientWithResult(ctx, 'Anna', 31);
    const b = await clientWithResult(ctx, 'Ben', 32);
    expect((await ctx.http.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: true })).statusCode).toBe(200);
    expect((await ctx.http.request('POST', `/api/productconfig/${ctx.configId}/user/anonymization_allow_list`, { userToken: a.clientToken })).statusCode).toBeLessThan(300);
    const body = (await compare(ctx, [a.clientToken, b.clientToken], '&locale=EN_US')).json();
    expect(body.clients[0]).toMatchObject({ displayName: 'Anna Roth', anonymize: false });
    expect(body.clients[1].anonymize).toBe(true);
    expect(body.clients[1].displayName).toMatch(/^Client \d+$/);
    expect(JSON.stringify(body)).not.toContain('Ben');
    const candidate = (await ctx.http.request('GET', `/api/comparison/client/${b.clientToken}?productType=BQ_RISK`)).json();
    expect(candidate.displayName).toBe(body.clients[1].displayName);
  });

  it('needs at least two and at most the maximum of clients; a repeated token counts once', async () => {
    const ctx = await adviser();
    const a = await clientWithResult(ctx, 'Anna', 31);
    const one = await compare(ctx, [a.clientToken]);
    expect(one.statusCode).toBe(400);
    expect(one.json().errorKey).toBe('error.comparison.too_few_clients');
    expect((await compare(ctx, [a.clientToken, a.clientToken])).json().errorKey).toBe('error.comparison.too_few_clients');
    const many = Array.from({ length: COMPARISON_MAX_CLIENTS + 1 }, (_, i) => `token-${i}`);
    const tooMany = await compare(ctx, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errorKey).toBe('error.comparison.too_many_clients');
  });

  it('compares the maximum number of clients in one call', async () => {
    const ctx = await adviser();
    const tokens: string[] = [];
    for (let i = 0; i < COMPARISON_MAX_CLIENTS; i++) tokens.push((await clientWithResult(ctx, `Client${i}`, 40 + i)).clientToken);
    const res = await compare(ctx, tokens);
    expect(res.statusCode).toBe(200);
    expect(res.json().clients).toHaveLength(COMPARISON_MAX_CLIENTS);
  }, 120_000);

  it('refuses bad input with error.validation', async () => {
    const ctx = await adviser();
    expect((await ctx.http.request('GET', '/api/comparison?productType=NOPE&clientToken=a&clientToken=b')).json().errorKey).toBe('error.validation');
    expect((await ctx.http.request('GET', '/api/comparison?clientToken=a&clientToken=b')).json().errorKey).toBe('error.validation');
    expect((await ctx.http.request('GET', '/api/comparison?productType=BQ_RISK')).json().errorKey).toBe('error.validation');
    expect((await ctx.http.request('GET', '/api/comparison?productType=BQ_RISK&clientToken=a&clientToken=b&locale=xx')).json().errorKey).toBe('error.validation');
    expect((await ctx.http.request('GET', '/api/comparison/client/x')).json().errorKey).toBe('error.validation');
  });

  it("treats another account's client as missing (404) and needs INDIVIDUAL_COMPARISON (403)", async () => {
    const ctx = await adviser();
    const other = await adviser();
    const a = await clientWithResult(ctx, 'Anna', 51);
    const b = await clientWithResult(ctx, 'Ben', 52);
    const own = await clientWithResult(other, 'Olga', 53);
    expect((await compare(other, [own.clientToken, a.clientToken])).statusCode).toBe(404);
    expect((await compare(other, [a.clientToken, b.clientToken])).statusCode).toBe(404);
    expect((await other.http.request('GET', `/api/comparison/client/${a.clientToken}?productType=BQ_RISK`)).statusCode).toBe(404);

    const noComparison = await adviser([{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' }, { realm: 'BQ_RISK', entity: 'INDIVIDUAL_RESULTS', action: 'READ' }]);
    const denied = await compare(noComparison, [a.clientToken, b.clientToken]);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorKey).toBe('error.auth.forbidden');
  });
});
