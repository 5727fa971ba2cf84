// Predictions are rule-based indications within the caps (decision 0014): the investment style never goes above
// the client's suitable risk class, no probability leaves the server, and results stored before (with a softmax
// probability) are read under the same rules. Through the HTTP API and the calculation job, on PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrediction } from '@bq/contracts/dashboard';
import type { ProductType } from '@bq/domain/product-types';
import { interactionInstances } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { answerCalculateUnlock } from '../../test/finished-result';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviser() {
  const acc = await createAccount(t.db, { products: ['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH'], credits: 30 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id;
  return { http, config };
}
type Adviser = Awaited<ReturnType<typeof adviser>>;

async function finishedResult(ctx: Adviser, product: ProductType, seed: number) {
  const client = (
    await ctx.http.request('POST', '/api/u', { firstName: 'Ida', lastName: `Roth ${seed}`, email: `ida.${seed}.${Math.random()}@example.com`, productConfigurationId: ctx.config(product) })
  ).json();
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config(product) })).json();
  const { id } = await answerCalculateUnlock(t, ctx.http, instance.token, product, seed);
  return { token: instance.token as string, id };
}

const rowOf = async (id: string) => (await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, id)))[0]!;
const minClassOf = (product: ProductType, style: string) =>
  definitionForProduct(product).prediction!.classes.find((c) => c.key === style)!.minRiskClass!;

describe('the investment style respects the caps', () => {
  it.each(['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH'] as const)(
    '%s: never indicates a style that needs more than the suitable risk class, for a range of clients',
    async (product) => {
      const ctx = await adviser();
      for (const seed of [3, 6, 16, 20, 22, 25]) {
        const { token, id } = await finishedResult(ctx, product, seed);
        const p: TPrediction = (await ctx.http.request('GET', `/api/predict/bqa/${token}?locale=EN_UK`)).json();
        const suitable = (await rowOf(id)).results!.risk!.suitableClass;
        expect(p.suitableClass).toBe(suitable);
        expect(minClassOf(product, p.predictedClass)).toBeLessThanOrEqual(suitable);
        if (p.unconstrainedClass) expect(minClassOf(product, p.unconstrainedClass)).toBeGreaterThan(suitable);
        for (const c of p.classes) expect(c.allowed).toBe(c.minRiskClass! <= suitable);
        expect(JSON.stringify(p)).not.toMatch(/probabilit/);
      }
    },
  );

  it('indicates the only class-1 style when the suitable class is 1, and names what the answers alone point to', async () => {
    const ctx = await adviser();
    const { token, id } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', 21);
    const before = (await rowOf(id)).results!;
    // As if the caps had allowed only class 1: the prediction step runs again (resumes PREDICTING) on that profile.
    const { prediction: _dropped, ...scores } = before;
    await t.db
      .update(interactionInstances)
      .set({ status: 'PREDICTING', results: { ...scores, risk: { ...scores.risk!, suitableClass: 1 } } })
      .where(eq(interactionInstances.id, id));
    await calculateInstance(t.db, id);
    const p: TPrediction = (await ctx.http.request('GET', `/api/predict/bqa/${token}`)).json();
    expect(p.predictedClass).toBe('conservative');
    expect(p.suitableClass).toBe(1);
    const best = [...p.classes].sort((a, b) => a.rank - b.rank)[0]!;
    expect(p.unconstrainedClass).toBe(best.key === 'conservative' ? null : best.key);
    expect(p.classes.filter((c) => c.allowed).map((c) => c.key)).toEqual(['conservative']);
    // The report says the same, in words, without a probability.
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=EN_UK`)).json();
    expect(report.prediction).toMatchObject({ suitableClass: 1, predictedLabel: 'Capital preservation' });
    expect(report.prediction).not.toHaveProperty('probability');
  });

  it('reads a result stored before (softmax probability, uncapped) under the same rules and caps', async () => {
    const ctx = await adviser();
    const { token, id } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', 24);
    const stored = (await rowOf(id)).results!;
    // The old shape: a probability for "dynamic" although the suitable class is 2.
    await t.db.execute(sql`
      update interaction_instances
         set results = jsonb_set(jsonb_set(results, '{risk,suitableClass}', '2'::jsonb), '{prediction}', ${JSON.stringify({
           modelId: 'investment-style',
           modelVersion: 1,
           predictedClass: 'dynamic',
           probability: 0.95,
           probabilities: ['conservative', 'income', 'balanced', 'growth', 'dynamic'].map((key) => ({ key, probability: key === 'dynamic' ? 0.95 : 0.0125 })),
           factors: stored.prediction!.factors,
         })}::jsonb)
       where id = ${id}`);
    const p: TPrediction = (await ctx.http.request('GET', `/api/predict/bqa/${token}`)).json();
    expect(p.method).toBe('RULE_BASED');
    expect(minClassOf('BQ_ADVISORY_BANK', p.predictedClass)).toBeLessThanOrEqual(2);
    expect(JSON.stringify(p)).not.toContain('0.95');
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/recommendations/${token}?locale=EN_US`)).json();
    const style = report.recommendations.find((r: { key: string }) => r.key === 'style');
    expect(style.title).not.toContain('Opportunity-seeking');
  });
});
