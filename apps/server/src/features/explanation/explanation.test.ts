// "Why this score" through the HTTP API (issue 25 point 4, docs/decisions/0053): exact shares of a seeded selection
// result, the gap x weight of its weight profile, the reader's language, and nothing at all for a LOCKED result.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionInstances } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function evaluator() {
  const acc = await createAccount(t.db, { products: ['BQ_SELECTION'], credits: 10 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, config: acc.configs[0]!.id };
}
type Ctx = Awaited<ReturnType<typeof evaluator>>;

/**
 * Every item answered 4, except conscientiousness_1 = 5 and conscientiousness_3 = 2 (reverse keyed: item score 4).
 * Conscientiousness (norm mean 3.9, sd 0.55): item scores 5, 4, 4, 4 -> raw 4.25, T = 50 + 10 * 0.35 / 0.55 = 56.36.
 * Shares of T: 10 (5 - 3.9) / (4 * 0.55) = 5 and 10 (4 - 3.9) / 2.2 = 0.4545 for each of the other three.
 */
function seededAnswers() {
  const answers: Record<string, number> = Object.fromEntries(definitionForProduct('BQ_SELECTION').items.map((i) => [i.key, 4]));
  return { ...answers, conscientiousness_1: 5, conscientiousness_3: 2 };
}

async function finishedResult(ctx: Ctx, unlock: boolean) {
  const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Ida', lastName: 'Roth', email: `ida.${Math.random()}@example.com`, productConfigurationId: ctx.config })).json();
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config })).json();
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: seededAnswers() })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
  await calculateInstance(t.db, row!.id);
  if (unlock) expect((await ctx.http.request('POST', '/api/credit/unlock', { interactionToken: instance.token })).statusCode).toBe(200);
  return { token: instance.token as string, clientToken: client.token as string };
}

describe('GET /api/dashboard/{token}/explanation', () => {
  it("gives each answer's exact share of the dimension's T-score, adding up to the dashboard's score, and the fit's gap, weight and points lost", async () => {
    const ctx = await evaluator();
    const { token, clientToken } = await finishedResult(ctx, true);
    const profile = (
      await ctx.http.request('POST', '/api/weight/profile', { productType: 'BQ_SELECTION', name: 'Sales', weights: [{ dimension: 'conscientiousness', weight: 16, target: 60 }] })
    ).json();
    expect((await ctx.http.request('POST', '/api/user/weightProfile', { userToken: clientToken, productType: 'BQ_SELECTION', profileId: profile.id })).statusCode).toBe(200);

    const res = await ctx.http.request('GET', `/api/dashboard/${token}/explanation?locale=EN_US`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const dashboard = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json();
    const c = body.dimensions.find((d: { key: string }) => d.key === 'conscientiousness');
    expect(c).toMatchObject({ name: 'Conscientiousness', computable: true, answered: 4, raw: 4.25, t: 56.4, norm: { mean: 3.9, sd: 0.55 }, baseline: 50 });
    expect(c.t).toBe(dashboard.dimensions.find((d: { key: string }) => d.key === 'conscientiousness').t);
    expect(c.answers.map((a: { itemKey: string }) => a.itemKey)).toEqual(['conscientiousness_1', 'conscientiousness_2', 'conscientiousness_3', 'conscientiousness_4']);
    expect(c.answers.map((a: { itemScore: number }) => a.itemScore)).toEqual([5, 4, 4, 4]);
    expect(c.answers[2]).toMatchObject({ reverse: true, answer: '2 – Disagree' });
    expect(c.answers[0].t).toBeCloseTo(5, 12);
    for (const a of c.answers.slice(1)) expect(a.t).toBeCloseTo(1 / 2.2, 12);
    expect(c.answers.map((a: { tShown: number }) => a.tShown)).toEqual([5, 0.5, 0.5, 0.4]);
    expect(c.answers.reduce((sum: number, a: { raw: number }) => sum + a.raw, 0)).toBeCloseTo(4.25, 12);
    expect(c.answers[0].text.length).toBeGreaterThan(10);
    // Fit (decision 0074), from the shown T 56.4: gap 3.6 T points = 0.36 sd; weight x gap^2 = 16 x 0.1296 = 2.07;
    // D^2 = 2.0736 / 16 = 0.1296; fit = 100 x exp(-0.75 x 0.1296) = 90.74 -> 91; the only dimension loses all 9.3.
    expect(body.fitProfile).toEqual({ profileName: 'Sales', fit: 91 });
    expect(c.fit).toEqual({ target: 60, weight: 16, gap: 3.6, gapSd: 0.36, weightedSquaredGap: 2.07, pointsLost: 9.3 });
    expect(body.dimensions.find((d: { key: string }) => d.key === 'teamwork').fit).toBeNull();
    // Every dimension: 50 + the shown shares is the dashboard's T-score.
    for (const d of body.dimensions) {
      const shown = d.answers.reduce((sum: number, a: { tShown: number | null }) => sum + Math.round((a.tShown ?? 0) * 10), 500);
      expect(shown / 10, d.key).toBe(dashboard.dimensions.find((x: { key: string }) => x.key === d.key).t);
    }

    const german = (await ctx.http.request('GET', `/api/dashboard/${token}/explanation?locale=DE_DE`)).json();
    expect(german.locale).toBe('DE_DE');
    expect(german.dimensions[0].name).not.toBe(body.dimensions[0].name);
  });

  it("tells the candidate's report in plain words which answers raised and lowered each score, without numbers", async () => {
    const ctx = await evaluator();
    const { token } = await finishedResult(ctx, true);
    const report = (await ctx.http.request('GET', `/api/report/content/bqp/${token}?locale=EN_US`)).json();
    const why = (key: string) => report.dimensions.find((d: { key: string }) => d.key === key).why as string;
    // Conscientiousness: item 1 (+5.0) first, then the first of the three equal shares (+0.45); nothing lowered it.
    expect(why('conscientiousness')).toBe(
      'Your answers to “I finish tasks I have started, even when they become tedious.” and “I plan my work so that I meet deadlines without a last-minute rush.” raised this score the most.',
    );
    // Teamwork: "4" to the reverse-keyed teamwork_3 is an item score of 2, below the norm mean of 3.95.
    expect(why('teamwork')).toMatch(/Your answer to “[^”]+” lowered it the most\.$/);
    for (const d of report.dimensions) expect(d.why ?? '').not.toMatch(/\d/);
    const german = (await ctx.http.request('GET', `/api/report/content/bqp/${token}?locale=DE_DE`)).json();
    expect(german.dimensions[0].why).toMatch(/^Ihre Antworten auf „.+“ und „.+“ haben diesen Wert am stärksten erhöht\.$/);
  });

  it('gives nothing of a LOCKED result away (402), refuses another account (404) and a bad locale (400)', async () => {
    const ctx = await evaluator();
    const { token } = await finishedResult(ctx, false);
    const locked = await ctx.http.request('GET', `/api/dashboard/${token}/explanation`);
    expect(locked.statusCode).toBe(402);
    expect(Object.keys(locked.json()).sort()).toEqual(['errorKey', 'message', 'reqId']);
    expect(locked.json().errorKey).toBe('error.result.locked');
    const other = await evaluator();
    expect((await other.http.request('GET', `/api/dashboard/${token}/explanation`)).statusCode).toBe(404);
    const bad = await ctx.http.request('GET', `/api/dashboard/${token}/explanation?locale=xx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
    expect((await new TestClient(t.app).request('GET', `/api/dashboard/${token}/explanation`)).statusCode).toBe(401);
  });
});
