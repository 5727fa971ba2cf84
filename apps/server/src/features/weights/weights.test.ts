// Weight profiles through the HTTP API: the product's weights, create/list/edit/delete, assignment to a client
// and the fit with its per-dimension breakdown on the client's result dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function adviser(products: ProductType[] = ['BQ_RISK'], permissions?: Permission[]) {
  const acc = await createAccount(t.db, { products, credits: 10 });
  const { email, password } = await createUser(t.db, acc.account.id, { permissions });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, config: (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id };
}
type Ctx = Awaited<ReturnType<typeof adviser>>;

async function finishedResult(ctx: Ctx, product: ProductType, seed: number) {
  const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Ida', lastName: `Roth ${seed}`, email: `ida.${seed}.${Math.random()}@example.com`, productConfigurationId: ctx.config(product) })).json();
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config(product) })).json();
  await answerCalculateUnlock(t, ctx.http, instance.token, product, seed);
  return { token: instance.token as string, clientToken: client.token as string };
}

const RISK_WEIGHTS = [
  { dimension: 'tolerance', weight: 16, target: 60 },
  { dimension: 'capacity', weight: 4, target: 50 },
  { dimension: 'horizon', weight: 1, target: 45 },
];
const createProfile = (ctx: Ctx, body: Record<string, unknown> = {}) =>
  ctx.http.request('POST', '/api/weight/profile', { productType: 'BQ_RISK', name: 'Growth investor', weights: RISK_WEIGHTS, ...body });

describe('GET /api/product/{type}/weights', () => {
  it('lists the dimensions with their names in the locale, the scale 1-16 and the target range', async () => {
    const ctx = await adviser();
    const res = await ctx.http.request('GET', '/api/product/BQ_RISK/weights?locale=DE_DE');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.scale).toEqual([1, 2, 4, 8, 16]);
    expect(body.dimensions.map((d: { key: string }) => d.key)).toEqual(['tolerance', 'capacity', 'loss_reaction', 'horizon', 'knowledge']);
    expect(body.dimensions[0].name).not.toBe('tolerance');
    expect((await ctx.http.request('GET', '/api/product/NOPE/weights')).json().errorKey).toBe('error.validation');
    // A product the account does not have behaves like a missing one.
    expect((await ctx.http.request('GET', '/api/product/BQ_SELECTION/weights')).statusCode).toBe(404);
  });

  it('needs WEIGHT_MANAGEMENT in the product realm (403)', async () => {
    const ctx = await adviser(['BQ_RISK'], [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' }, { realm: 'BQ_RISK', entity: 'INDIVIDUAL_RESULTS', action: 'READ' }]);
    for (const path of ['/api/product/BQ_RISK/weights', '/api/product/BQ_RISK/weightProfiles']) {
      const res = await ctx.http.request('GET', path);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorKey).toBe('error.auth.forbidden');
    }
    expect((await createProfile(ctx)).statusCode).toBe(403);
  });
});

describe('weight profiles: create, list, edit, delete', () => {
  it('creates, lists, edits and deletes a profile', async () => {
    const ctx = await adviser();
    const created = await createProfile(ctx);
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile).toMatchObject({ productType: 'BQ_RISK', name: 'Growth investor', weights: RISK_WEIGHTS, assignedClients: 0 });

    const list = (await ctx.http.request('GET', '/api/product/BQ_RISK/weightProfiles')).json();
    expect(list.profiles.map((p: { id: string }) => p.id)).toEqual([profile.id]);

    const edited = await ctx.http.request('PUT', `/api/weight/profile/${profile.id}`, { name: 'Cautious', weights: [{ dimension: 'capacity', weight: 8, target: 40 }] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Cautious', weights: [{ dimension: 'capacity', weight: 8, target: 40 }] });

    expect((await ctx.http.request('DELETE', `/api/weight/profile/${profile.id}`)).statusCode).toBe(204);
    expect((await ctx.http.request('GET', '/api/product/BQ_RISK/weightProfiles')).json().profiles).toEqual([]);
    expect((await ctx.http.request('DELETE', `/api/weight/profile/${profile.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ weights: [{ dimension: 'tolerance', weight: 3, target: 50 }] }, 'error.validation'],
    [{ weights: [{ dimension: 'tolerance', weight: 32, target: 50 }] }, 'error.validation'],
    [{ weights: [{ dimension: 'tolerance', weight: 4, target: 95 }] }, 'error.validation'],
    [{ weights: [] }, 'error.validation'],
    [{ name: '  ' }, 'error.validation'],
    [{ productType: 'NOPE' }, 'error.validation'],
    [{ extra: true }, 'error.validation'],
    [{ weights: [{ dimension: 'teamwork', weight: 4, target: 50 }] }, 'error.weights.unknown_dimension'],
    [{ weights: [{ dimension: 'tolerance', weight: 4, target: 50 }, { dimension: 'tolerance', weight: 8, target: 50 }] }, 'error.weights.duplicate_dimension'],
  ])('refuses bad input %j with %s', async (body, errorKey) => {
    const ctx = await adviser();
    const res = await createProfile(ctx, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe(errorKey);
  });

  it('refuses a second profile of the same name (409) and a bad id (400)', async () => {
    const ctx = await adviser();
    expect((await createProfile(ctx)).statusCode).toBe(201);
    const dup = await createProfile(ctx);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorKey).toBe('error.weights.duplicate_name');
    expect((await ctx.http.request('PUT', '/api/weight/profile/not-a-uuid', { name: 'x', weights: RISK_WEIGHTS })).json().errorKey).toBe('error.validation');
    expect((await ctx.http.request('DELETE', '/api/weight/profile/not-a-uuid')).statusCode).toBe(400);
  });

  it("treats another account's profile as missing (404) and never lists it", async () => {
    const owner = await adviser();
    const other = await adviser();
    const profile = (await createProfile(owner)).json();
    expect((await other.http.request('PUT', `/api/weight/profile/${profile.id}`, { name: 'Mine', weights: RISK_WEIGHTS })).statusCode).toBe(404);
    expect((await other.http.request('DELETE', `/api/weight/profile/${profile.id}`)).statusCode).toBe(404);
    expect((await other.http.request('GET', '/api/product/BQ_RISK/weightProfiles')).json().profiles).toEqual([]);
    expect((await owner.http.request('GET', '/api/product/BQ_RISK/weightProfiles')).json().profiles).toHaveLength(1);
  });
});

describe('POST /api/user/weightProfile and the fit on the result', () => {
  it('assigns a profile to a client; the result dashboard shows the fit and, per dimension, gap, weight x gap² and points lost that redo it by hand', async () => {
    const ctx = await adviser();
    const { token, clientToken } = await finishedResult(ctx, 'BQ_RISK', 3);
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().fit).toBeNull();

    const profile = (await createProfile(ctx)).json();
    const assigned = await ctx.http.request('POST', '/api/user/weightProfile', { userToken: clientToken, productType: 'BQ_RISK', profileId: profile.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ profileId: profile.id, profileName: 'Growth investor' });
    expect((await ctx.http.request('GET', `/api/user/weightProfile?userToken=${clientToken}&productType=BQ_RISK`)).json().profileId).toBe(profile.id);
    expect((await ctx.http.request('GET', '/api/product/BQ_RISK/weightProfiles')).json().profiles[0].assignedClients).toBe(1);

    const dashboard = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json();
    const fit = dashboard.fit;
    console.log(JSON.stringify(dashboard).slice(0, 600));
    expect(fit).toMatchObject({ profileId: profile.id, profileName: 'Growth investor' });
    expect(Number.isInteger(fit.fit)).toBe(true);
    expect(fit.contributions.map((c: { key: string }) => c.key)).toEqual(['capacity', 'horizon', 'tolerance']);
    // Recompute the fit from the breakdown the adviser sees (decision 0074): the shown T-scores, gaps in sds
    // (10 T points), D^2 = sum(weight x gapSd^2) / sum(weights), fit = round(100 x exp(-0.75 x D^2)).
    let squared = 0;
    let weights = 0;
    for (const c of fit.contributions) {
      expect(c.score).toBe(dashboard.dimensions.find((d: { key: string }) => d.key === c.key).t);
      expect(c.gap).toBeCloseTo(Math.abs(c.score - c.target), 6);
      expect(c.gapSd).toBeCloseTo(c.gap / 10, 6);
      // The column "Weight x gap²" is exactly that product of the two columns before it.
      expect(c.weightedSquaredGap).toBeCloseTo(c.weight * c.gapSd ** 2, 2);
      squared += c.weight * (Math.abs(c.score - c.target) / 10) ** 2;
      weights += c.weight;
    }
    expect(fit.rmsGapSd).toBeCloseTo(Math.sqrt(squared / weights), 2);
    expect(fit.fit).toBe(Math.round(100 * Math.exp(-0.75 * (squared / weights))));
    const lost = fit.contributions.reduce((sum: number, c: { pointsLost: number }) => sum + c.pointsLost, 0);
    expect(Math.abs(lost - (100 - fit.fit))).toBeLessThanOrEqual(0.65);

    // 2.1 sds from every target (above or below, whichever fits the 20-80 range): near 0, as decision 0074 promises.
    const far = fit.contributions.map((c: { key: string; score: number }) => ({ dimension: c.key, weight: 4, target: Math.round(c.score) + (c.score < 50 ? 21 : -21) }));
    await ctx.http.request('PUT', `/api/weight/profile/${profile.id}`, { name: 'Far', weights: far });
    const farFit = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json().fit;
    expect(farFit.fit).toBeLessThanOrEqual(4);
    expect(farFit.rmsGapSd).toBeGreaterThanOrEqual(2.04);

    // An edit of the profile changes the fit at once; removing the assignment removes it.
    await ctx.http.request('PUT', `/api/weight/profile/${profile.id}`, { name: 'Exact', weights: fit.contributions.map((c: { key: string; score: number }) => ({ dimension: c.key, weight: 2, target: Math.round(c.score) })) });
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().fit.fit).toBe(100);
    expect((await ctx.http.request('POST', '/api/user/weightProfile', { userToken: clientToken, productType: 'BQ_RISK', profileId: null })).json().profileId).toBeNull();
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().fit).toBeNull();
  });

  it('refuses bad input, foreign ids (404) and a missing permission (403)', async () => {
    const ctx = await adviser(['BQ_RISK', 'BQ_SELECTION']);
    const other = await adviser();
    const { clientToken } = await finishedResult(ctx, 'BQ_RISK', 4);
    const profile = (await createProfile(ctx)).json();
    const assign = (c: Ctx, body: Record<string, unknown>) => c.http.request('POST', '/api/user/weightProfile', { userToken: clientToken, productType: 'BQ_RISK', profileId: profile.id, ...body });
    expect((await assign(ctx, { profileId: 'nope' })).json().errorKey).toBe('error.validation');
    expect((await assign(ctx, { userToken: undefined })).json().errorKey).toBe('error.validation');
    expect((await assign(ctx, { productType: 'NOPE' })).json().errorKey).toBe('error.validation');
    // The profile belongs to another product type: as good as missing.
    expect((await assign(ctx, { productType: 'BQ_SELECTION' })).statusCode).toBe(404);
    expect((await assign(ctx, { userToken: 'no-such-client' })).statusCode).toBe(404);
    // Another account: its client token and profile id behave like missing ones.
    expect((await assign(other, {})).statusCode).toBe(404);
    const otherProfile = (await createProfile(other)).json();
    expect((await assign(ctx, { profileId: otherProfile.id })).statusCode).toBe(404);
    expect((await other.http.request('GET', `/api/user/weightProfile?userToken=${clientToken}&productType=BQ_RISK`)).statusCode).toBe(404);

    const reader = await adviser(['BQ_RISK'], [{ realm: 'BQ_RISK', entity: 'WEIGHT_MANAGEMENT', action: 'READ' }]);
    const denied = await reader.http.request('POST', '/api/user/weightProfile', { userToken: clientToken, productType: 'BQ_RISK', profileId: null });
    expect(denied.statusCode).toBe(403);
  });
});
