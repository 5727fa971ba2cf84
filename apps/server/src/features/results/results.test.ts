// Result dashboards, their content with the BQA_RISK section, predictions, the comparison of two results and the
// market history import, through the HTTP API. Answers come from the seeded simulated-respondent generator and
// go through the participant's calls and the calculation, as in production.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import { clients, consistencyResolutions, interactionInstances, productConfigurations } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';

const SHILLER_CSV = new URL('../../../../../../shared/data/sp500-shiller/data.csv', import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Permission = { realm: string; entity: string; action: string };

async function adviser(products: ProductType[], opts: { credits?: number; permissions?: Permission[]; platformOperator?: boolean } = {}) {
  const acc = await createAccount(t.db, { products, credits: opts.credits ?? 10 });
  const { email, password } = await createUser(t.db, acc.account.id, { permissions: opts.permissions, platformOperator: opts.platformOperator });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id;
  return { http, config, account: acc.account };
}

/** Sends the product's questionnaire, answers it as a simulated respondent (seed) and calculates it. */
async function finishedResult(ctx: Awaited<ReturnType<typeof adviser>>, product: ProductType, seed = 1, answersOverride?: Record<string, number | string>) {
  const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Ida', lastName: `Roth ${seed}`, email: `ida.${seed}.${Math.random()}@example.com`, productConfigurationId: ctx.config(product) })).json();
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config(product) })).json();
  const definition = definitionForProduct(product);
  const answers = answersOverride ?? simulateRespondents(definition, { count: 1, seed, consistency: 0.8 })[0]!.answers;
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
  await calculateInstance(t.db, row!.id);
  return { token: instance.token as string, id: row!.id, answers, client, definition };
}

const unlock = (http: TestClient, token: string) => http.request('POST', '/api/credit/unlock', { interactionToken: token });
const statusOf = async (id: string) => (await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, id)))[0]!;

describe('GET /api/dashboard/{token}', () => {
  it('says whether the viewer is the client (a participant who took over their demo result), by address in any letter case', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, client } = await finishedResult(ctx, 'BQ_RISK', 11);
    await unlock(ctx.http, token);
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().viewerIsClient).toBe(false);
    const me = (await ctx.http.request('GET', '/api/user')).json();
    await t.db.update(clients).set({ email: me.email.toUpperCase() }).where(eq(clients.token, client.token));
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().viewerIsClient).toBe(true);
  });

  it('is payment-required while LOCKED, then shows every dimension with T, 95 % band, stanine, percentile and the risk profile', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, definition, answers } = await finishedResult(ctx, 'BQ_RISK', 7);
    const locked = await ctx.http.request('GET', `/api/dashboard/${token}`);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().errorKey).toBe('error.result.locked');
    expect((await unlock(ctx.http, token)).json().creditSpent).toBe(true);

    const res = await ctx.http.request('GET', `/api/dashboard/${token}`);
    expect(res.statusCode).toBe(200);
    const dashboard = res.json();
    expect(dashboard).toMatchObject({ instanceToken: token, kind: 'bqa', productType: 'BQ_RISK', lockStatus: 'UNLOCKED', status: 'RESULTS_AVAILABLE', client: { lastName: 'Roth 7', initials: 'IR' } });
    expect(dashboard.evidence).toMatchObject({ definitionVersion: definition.version, normVersion: definition.normVersion, normStatus: 'PROVISIONAL' });
    expect(dashboard.evidence.answersHash).toMatch(/^[0-9a-f]{64}$/);
    expect(dashboard.dimensions.map((d: { key: string }) => d.key)).toEqual(definition.dimensions.map((d) => d.key));

    // The tolerance score recomputed by hand from the answers and the definition (mean of item scores, norm z, T).
    const tolerance = definition.dimensions.find((d) => d.key === 'tolerance')!;
    const scores = definition.items
      .filter((i) => i.dimension === 'tolerance')
      .map((i) => {
        const v = answers[i.key]!;
        if (i.type === 'choice') return i.options.find((o) => o.key === v)!.score;
        return i.reverse ? tolerance.range.min + tolerance.range.max - (v as number) : (v as number);
      });
    const raw = scores.reduce((a, b) => a + b, 0) / scores.length;
    const t50 = 50 + (10 * (raw - tolerance.norm.mean)) / tolerance.norm.sd;
    const shown = dashboard.dimensions.find((d: { key: string }) => d.key === 'tolerance');
    expect(shown.raw).toBeCloseTo(raw, 10);
    expect(shown.t).toBeCloseTo(t50, 1);
    const sem = 10 * Math.sqrt(1 - tolerance.reliability);
    expect(shown.band.low).toBeCloseTo(t50 - 1.96 * sem, 0);
    expect(shown.band.high).toBeCloseTo(t50 + 1.96 * sem, 0);
    for (const d of dashboard.dimensions) {
      expect(d.stanine).toBeGreaterThanOrEqual(1);
      expect(d.stanine).toBeLessThanOrEqual(9);
      expect(d.percentile).toBeGreaterThanOrEqual(1);
      expect(d.percentile).toBeLessThanOrEqual(99);
      expect(d.level).toMatch(/^(LOW|BELOW_AVERAGE|AVERAGE|ABOVE_AVERAGE|HIGH)$/);
    }
    const risk = dashboard.risk;
    expect(risk.suitableClass).toBeGreaterThanOrEqual(1);
    expect(risk.suitableClass).toBeLessThanOrEqual(risk.toleranceClass);
    for (const cap of risk.caps) expect(risk.suitableClass).toBeLessThanOrEqual(cap.maxClass);
    expect(risk.portfolio.riskClass).toBe(risk.suitableClass);
    expect(risk.portfolio.equityShare + risk.portfolio.bondShare + risk.portfolio.cashShare).toBeCloseTo(1, 10);
    expect(dashboard.prediction).toBeNull();
  });

  it('answers 409 before the result exists, 404 for another account, 403 without INDIVIDUAL_RESULTS', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const client = (await ctx.http.request('POST', '/api/u', { firstName: 'A', lastName: 'B', email: `ab${Math.random()}@example.com`, productConfigurationId: ctx.config('BQ_RISK') })).json();
    const open = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config('BQ_RISK') })).json();
    const notReady = await ctx.http.request('GET', `/api/dashboard/${open.token}`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().errorKey).toBe('error.result.not_ready');

    const { token } = await finishedResult(ctx, 'BQ_RISK', 3);
    await unlock(ctx.http, token);
    const other = await adviser(['BQ_RISK']);
    for (const url of [`/api/dashboard/${token}`, `/api/dashboard/content/bqa/${token}`, `/api/predict/bqa/${token}`, `/api/interaction/dimensions/${token}`]) {
      const res = await other.http.request('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
    }
    const limited = await adviser(['BQ_RISK'], {
      permissions: [
        { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'ALL' },
      ],
    });
    const own = await finishedResult(limited, 'BQ_RISK', 4);
    expect((await limited.http.request('GET', `/api/dashboard/${own.token}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/${token}` })).statusCode).toBe(401);
  });

  it('opens a TRIAL result of the wealth advisory without a credit', async () => {
    const ctx = await adviser(['BQ_ADVISORY_WEALTH'], { credits: 0 });
    await t.db.update(productConfigurations).set({ planType: 'TRIAL' }).where(eq(productConfigurations.accountId, ctx.account.id));
    const { token } = await finishedResult(ctx, 'BQ_ADVISORY_WEALTH', 5);
    const res = await ctx.http.request('GET', `/api/dashboard/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lockStatus: 'TRIAL', kind: 'bqa', prediction: { kind: 'INVESTMENT_STYLE', available: true } });
  });
});

describe('POST /api/dashboard/{token}/consistency/resolution', () => {
  /** Puts a calculated risk result into the flagged state (which answers flag it is the scoring's business). */
  async function flag(id: string) {
    const row = await statusOf(id);
    const results = structuredClone(row.results!);
    results.risk!.consistency = { flagged: true, reasons: [{ kind: 'tolerance_vs_self_estimate', toleranceClass: 6, otherClass: 2, gap: 4 }] };
    await t.db.update(interactionInstances).set({ results }).where(eq(interactionInstances.id, id));
  }
  const url = (token: string) => `/api/dashboard/${token}/consistency/resolution`;
  const resolutionsIn = async (http: TestClient, token: string) => (await http.request('GET', `/api/dashboard/${token}`)).json().risk.consistency.resolutions;

  it('records resolutions append-only, shows them on the dashboard, and the report only says when the difference was discussed (decision 0030)', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token, id } = await finishedResult(ctx, 'BQ_RISK', 21);
    await unlock(ctx.http, token);
    await flag(id);
    expect(await resolutionsIn(ctx.http, token)).toEqual([]);
    const recommendationKeys = async () =>
      (await ctx.http.request('GET', `/api/report/content/bqa/recommendations/${token}?locale=EN_US`)).json().recommendations.map((r: { key: string }) => r.key);
    expect(await recommendationKeys()).toContain('consistency');

    const first = await ctx.http.request('POST', url(token), { note: '  Talked it through with Ida: she accepts class 3.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ note: 'Talked it through with Ida: she accepts class 3.', authorName: 'Tess Tester', resolvedAt: expect.any(String) });
    const second = await ctx.http.request('POST', url(token), { note: 'Follow-up call: confirmed in writing.\nFile 2026/114.' });
    expect(second.statusCode).toBe(201);
    expect((await resolutionsIn(ctx.http, token)).map((r: { note: string }) => r.note)).toEqual([
      'Talked it through with Ida: she accepts class 3.',
      'Follow-up call: confirmed in writing.\nFile 2026/114.',
    ]);

    // Resolved: the recommendations no longer ask to talk the differences through first.
    expect(await recommendationKeys()).not.toContain('consistency');
    // The client's report says when the adviser went through it with them; the notes are the adviser's (decision 0030).
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=DE_DE`)).json();
    expect(report.risk.consistency.discussedAt).toBe(second.json().resolvedAt);
    // An advisory client's evaluator is their adviser (a candidate's is their contact person, candidate-report.test).
    expect(report.adviserLabelKey).toBe('report.cover.adviser');
    expect(JSON.stringify(report)).not.toContain('she accepts class 3');
    const anonymised = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=DE_DE&anonymize=true`)).json();
    // Only the month (docs/decisions/0015).
    expect(anonymised.risk.consistency.discussedAt).toBe(second.json().resolvedAt.slice(0, 7));
    expect(JSON.stringify(anonymised)).not.toContain('Ida');
  });

  it('refuses bad notes (400), a consistent or locked result (409/402), strangers (404/401) and readers (403), writing nothing', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const flagged = await finishedResult(ctx, 'BQ_RISK', 22);
    await unlock(ctx.http, flagged.token);
    await flag(flagged.id);
    for (const body of [{}, { note: '' }, { note: '   short   ' }, { note: 42 }, { note: 'x'.repeat(2001) }]) {
      const res = await ctx.http.request('POST', url(flagged.token), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    expect((await ctx.http.request('POST', url(flagged.token), { note: 'x'.repeat(2000) })).statusCode).toBe(201);

    const consistent = await finishedResult(ctx, 'BQ_RISK', 23);
    await unlock(ctx.http, consistent.token);
    const row = await statusOf(consistent.id);
    const results = structuredClone(row.results!);
    results.risk!.consistency = { flagged: false, reasons: [] };
    await t.db.update(interactionInstances).set({ results }).where(eq(interactionInstances.id, consistent.id));
    const notFlagged = await ctx.http.request('POST', url(consistent.token), { note: 'Nothing to resolve here.' });
    expect(notFlagged.statusCode).toBe(409);
    expect(notFlagged.json().errorKey).toBe('error.consistency.not_flagged');

    const locked = await finishedResult(ctx, 'BQ_RISK', 24);
    await flag(locked.id);
    const payment = await ctx.http.request('POST', url(locked.token), { note: 'Before unlocking it.' });
    expect(payment.statusCode).toBe(402);
    expect(payment.json().errorKey).toBe('error.result.locked');

    const other = await adviser(['BQ_RISK']);
    for (const token of [flagged.token, 'does-not-exist']) {
      const res = await other.http.request('POST', url(token), { note: 'Not my client at all.' });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: url(flagged.token), headers: { 'x-source': 'web' }, payload: { note: 'Who am I to say this?' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.http.request('POST', url(flagged.token), { note: 'Without the CSRF header.' }, { 'x-source': '' })).statusCode).toBe(403);

    const reader = await adviser(['BQ_RISK'], {
      permissions: [
        { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INDIVIDUAL_RESULTS', action: 'READ' },
      ],
    });
    const own = await finishedResult(reader, 'BQ_RISK', 25);
    // Unlocking spends a credit: INDIVIDUAL_RESULTS/UPDATE, which this reader lacks (docs/decisions/0031).
    await t.db.update(interactionInstances).set({ lockStatus: 'UNLOCKED' }).where(eq(interactionInstances.token, own.token));
    await flag(own.id);
    expect((await reader.http.request('GET', `/api/dashboard/${own.token}`)).statusCode).toBe(200);
    const forbidden = await reader.http.request('POST', url(own.token), { note: 'Only allowed to read.' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorKey).toBe('error.auth.forbidden');

    // Only the one valid note was written.
    expect(await resolutionsIn(ctx.http, flagged.token)).toHaveLength(1);
    expect(await resolutionsIn(reader.http, own.token)).toEqual([]);
    expect(await t.db.select().from(consistencyResolutions).where(eq(consistencyResolutions.instanceId, locked.id))).toEqual([]);
  });
});

describe('GET /api/dashboard/content/{kind}/{token}', () => {
  it('gives the texts in the requested locale and the BQA_RISK section as projections while no history is imported; results calculated after an import get the history', async () => {
    const ctx = await adviser(['BQ_RISK'], { platformOperator: true });
    const { token, definition } = await finishedResult(ctx, 'BQ_RISK', 9);
    await unlock(ctx.http, token);
    const status = (await ctx.http.request('GET', '/api/admin/market-history')).json();
    if (status.imported) throw new Error('this test database starts without market history');

    const de = (await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}?locale=DE_DE`)).json();
    expect(de.locale).toBe('DE_DE');
    const nameKey = definition.dimensions[0]!.nameKey;
    const en = (await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}?locale=EN_US`)).json();
    expect(de.texts[nameKey]).toBeTruthy();
    expect(de.texts[nameKey]).not.toBe(en.texts[nameKey]);
    expect(de.restrictedSections).toEqual([]);
    const projected = de.sections.BQA_RISK;
    expect(projected.basis.kind).toBe('projection');
    expect(projected.nominal.minMax.map((c: { id: string; label: string }) => [c.id, c.label])).toEqual([['I', 'year1'], ['II', 'year5'], ['III', 'year10']]);
    for (const chart of projected.nominal.minMax) expect(chart.bars[0].value).toBeLessThan(chart.bars[1].value);
    expect(projected.real).toBeNull();
    expect(projected.marketRisk).toBeNull();

    // A platform operator imports the public-domain history; results calculated from then on show windows from it, while the
    // finished result keeps the section it was calculated with (risk-section.test.ts).
    const upload = await ctx.http.request('POST', '/api/admin/market-history?source=shiller.csv', readFileSync(SHILLER_CSV, 'utf8'), { 'content-type': 'text/csv' });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ imported: true, rowCount: 1866, firstDate: '1871-01-01', lastDate: '2026-06-01', source: 'shiller.csv' });
    // The status page reads the same gaps and last complete month the import reported.
    const after = (await ctx.http.request('GET', '/api/admin/market-history')).json();
    expect(after.gaps.length).toBeGreaterThan(0);
    expect(after.gaps).toEqual(upload.json().gaps);
    expect(after.lastCompleteDate).toBe(upload.json().lastCompleteDate);
    expect((await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}?locale=DE_DE`)).json()).toEqual(de);
    const later = await finishedResult(ctx, 'BQ_RISK', 9);
    await unlock(ctx.http, later.token);
    const section = (await ctx.http.request('GET', `/api/dashboard/content/bqa/${later.token}`)).json().sections.BQA_RISK;
    expect(section.basis).toMatchObject({ kind: 'history', firstDate: '1871-01-01', source: 'shiller.csv' });
    const history = section.nominal;
    expect(history.minMax).toHaveLength(3);
    for (const chart of history.minMax) {
      const [worst, best] = chart.bars;
      expect(worst.value).toBeLessThan(best.value);
      expect(worst.dateFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A window spans exactly its years.
      expect(Number(worst.dateTo.slice(0, 4)) - Number(worst.dateFrom.slice(0, 4))).toBe(chart.years);
    }
    const portfolioLine = history.lines.find((l: { key: string }) => l.key === 'portfolio');
    expect(portfolioLine.id).toBe('IV');
    expect(portfolioLine.values[0]).toEqual({ dateAt: '1871-01-01', valueAt: 100 });
    expect(portfolioLine.values.every((v: { dateAt: string }) => v.dateAt.length === 10)).toBe(true);
    expect(history.table.rows.map((r: { label: string }) => r.label)).toEqual(['year1', 'year5', 'year10']);
    // The worst 10-year window of the pure equity portfolio lost money (1929-1939); bonds' best 1 year beat their worst.
    expect(history.table.rows[2].worst).toBeLessThan(history.table.rows[2].best);
  });

  it('keeps BQA_RISK from a user without BQA_DASHBOARD_RISK, refuses a kind of another product and a bad locale', async () => {
    const ctx = await adviser(['BQ_RISK'], {
      permissions: [
        { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'ALL' },
        { realm: 'BQ_RISK', entity: 'INDIVIDUAL_RESULTS', action: 'READ' },
      ],
    });
    const { token } = await finishedResult(ctx, 'BQ_RISK', 10);
    await t.db.update(interactionInstances).set({ lockStatus: 'UNLOCKED' }).where(eq(interactionInstances.token, token));
    const content = (await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}`)).json();
    expect(content.sections.BQA_RISK).toBeUndefined();
    expect(content.restrictedSections).toEqual(['BQA_RISK']);
    expect((await ctx.http.request('GET', `/api/dashboard/content/bqp/${token}`)).statusCode).toBe(404);
    expect((await ctx.http.request('GET', `/api/dashboard/content/xyz/${token}`)).statusCode).toBe(400);
    expect((await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}?locale=FR_FR`)).statusCode).toBe(400);
  });
});

describe('predictions', () => {
  it('passes PREDICTING and names the investment style as a rule-based indication with its main factors', async () => {
    const ctx = await adviser(['BQ_ADVISORY_BANK']);
    const { token, id } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', 23);
    const row = await statusOf(id);
    expect(row.status).toBe('RESULTS_AVAILABLE');
    expect(row.results!.prediction).toBeTruthy();
    await unlock(ctx.http, token);
    const res = await ctx.http.request('GET', `/api/predict/bqa/${token}?locale=DE_DE`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.kind).toBe('INVESTMENT_STYLE');
    expect(p.classes.map((c: { key: string }) => c.key)).toEqual(['conservative', 'income', 'balanced', 'growth', 'dynamic']);
    // A rule-based indication (prediction.test.ts has the caps): no probability, the best allowed class indicated.
    expect(p.method).toBe('RULE_BASED');
    expect(p).not.toHaveProperty('probability');
    const best = p.classes.filter((c: { allowed: boolean }) => c.allowed).sort((a: { rank: number }, b: { rank: number }) => a.rank - b.rank)[0];
    expect(p.predictedClass).toBe(best.key);
    expect(p.factors.length).toBeGreaterThan(0);
    expect(p.factors.length).toBeLessThanOrEqual(3);
    expect(p.texts[p.titleKey]).toBe('Anlagestil');
    expect((await ctx.http.request('GET', `/api/predict/bqp/${token}`)).statusCode).toBe(404);
  });

  it('ends in PREDICTION_ERROR with the scores kept when a dimension the model needs is missing', async () => {
    const ctx = await adviser(['BQ_ADVISORY_BANK']);
    const { token, id } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', 22);
    const row = await statusOf(id);
    // Recalculate the stored answers without the liquidity items, which the model weighs (as if answered
    // to an older questionnaire that lacked them).
    const definition = definitionForProduct('BQ_ADVISORY_BANK');
    const answers = Object.fromEntries(Object.entries(row.answers).filter(([k]) => definition.items.find((i) => i.key === k)?.dimension !== 'liquidity'));
    await t.db.update(interactionInstances).set({ status: 'FILLED', answers, results: null }).where(eq(interactionInstances.id, id));
    await calculateInstance(t.db, id);
    const after = await statusOf(id);
    expect(after.status).toBe('PREDICTION_ERROR');
    expect(after.errorKey).toBe('error.prediction.failed');
    expect(after.results!.dimensions.find((d) => d.key === 'liquidity')!.computable).toBe(false);
    await unlock(ctx.http, token);
    const dashboard = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json();
    expect(dashboard).toMatchObject({ status: 'PREDICTION_ERROR', prediction: { kind: 'INVESTMENT_STYLE', available: false } });
    const predict = await ctx.http.request('GET', `/api/predict/bqa/${token}`);
    expect(predict.statusCode).toBe(409);
    expect(predict.json().errorKey).toBe('error.prediction.failed');
  });

  it('resumes an interrupted prediction and gives the performance outlook of a selection result', async () => {
    const ctx = await adviser(['BQ_SELECTION']);
    const { token, id } = await finishedResult(ctx, 'BQ_SELECTION', 41);
    const done = await statusOf(id);
    const { prediction, ...scoresOnly } = done.results!;
    expect(prediction).toBeTruthy();
    // As if the worker died after committing PREDICTING.
    await t.db.update(interactionInstances).set({ status: 'PREDICTING', results: scoresOnly }).where(eq(interactionInstances.id, id));
    await calculateInstance(t.db, id);
    const resumed = await statusOf(id);
    expect(resumed.status).toBe('RESULTS_AVAILABLE');
    expect(resumed.results!.prediction).toEqual(prediction);
    await unlock(ctx.http, token);
    const p = (await ctx.http.request('GET', `/api/predict/bqp/${token}`)).json();
    expect(p.kind).toBe('PERFORMANCE');
    expect(['below', 'meets', 'exceeds']).toContain(p.predictedClass);
  });

  it('needs PREDICTION_INVESTMENT_STYLE for the investment style', async () => {
    const ctx = await adviser(['BQ_ADVISORY_BANK'], {
      permissions: [
        { realm: 'BQ_ADVISORY_BANK', entity: 'BQ_USER', action: 'ALL' },
        { realm: 'BQ_ADVISORY_BANK', entity: 'INTERACTION_INSTANCE', action: 'ALL' },
        { realm: 'BQ_ADVISORY_BANK', entity: 'INDIVIDUAL_RESULTS', action: 'ALL' },
      ],
    });
    const { token } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', 23);
    await unlock(ctx.http, token);
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).statusCode).toBe(200);
    expect((await ctx.http.request('GET', `/api/predict/bqa/${token}`)).statusCode).toBe(403);
  });
});

describe('calculation', () => {
  it('is reproducible: the same stored answers give the same result', async () => {
    const ctx = await adviser(['BQ_PERFORMANCE_SELF_ASSESSMENT']);
    const { id } = await finishedResult(ctx, 'BQ_PERFORMANCE_SELF_ASSESSMENT', 51);
    const first = await statusOf(id);
    await t.db.update(interactionInstances).set({ status: 'FILLED', results: null }).where(eq(interactionInstances.id, id));
    await calculateInstance(t.db, id);
    const second = await statusOf(id);
    expect({ ...second.results, calculatedAt: null }).toEqual({ ...first.results, calculatedAt: null });
  });
});

/** The boldest answer to every item (highest option score, likert mirrored when reverse-keyed), test answered right. */
function boldAnswers(product: ProductType, overrides: Record<string, number | string> = {}): Record<string, number | string> {
  const definition = definitionForProduct(product);
  const answers: Record<string, number | string> = {};
  for (const item of definition.items) {
    // Facts outside the dimensions (age, vulnerability, amounts, ...) take their first option.
    if (item.type === 'choice') answers[item.key] = item.dimension === null ? item.options[0]!.key : item.options.reduce((a, b) => (b.score > a.score ? b : a)).key;
    else answers[item.key] = item.reverse ? 1 : item.scale === 'investor7' ? 7 : 5;
  }
  for (const q of definition.risk!.knowledgeTest!.questions) answers[q.item] = q.correct;
  return { ...answers, amount_band: 'k10to50k', loss_money: 'k10to25k', ...overrides };
}

describe('the risk verdict (definition version 2, decision 0013)', () => {
  it('caps a bold client who needs the money in 1-3 years at class 2, names the rule and its answer, and flags the self-estimate above', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const { token } = await finishedResult(ctx, 'BQ_RISK', 81, boldAnswers('BQ_RISK', { horizon_1: 'y1to3', horizon_3: 5 }));
    await unlock(ctx.http, token);
    const dashboard = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json();
    expect(dashboard.evidence.definitionVersion).toBe(2);
    expect(dashboard.risk).toMatchObject({ toleranceClass: 7, suitableClass: 2, selfEstimate: 7, explainFirst: [], remarks: [] });
    expect(dashboard.risk.caps).toEqual([
      { key: 'horizon', kind: 'ANSWER', nameKey: 'suitability.rule.horizon', maxClass: 2, binding: true, assumed: false, score: null, answers: [{ item: 'horizon_1', labelKey: 'risk.choice.years.y1to3' }], share: null, asked: null, failed: null },
    ]);
    expect(dashboard.risk.consistency).toEqual({ flagged: true, reasons: ['self_estimate_above_suitable'], direction: 'ABOVE', resolutions: [] });
    // The content carries the texts the verdict names, in the reader's language.
    const content = (await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}?locale=DE_DE`)).json();
    expect(content.texts['suitability.rule.horizon']).toBe('Anlagehorizont');
    expect(content.texts['risk.choice.years.y1to3']).toBe('1 bis 3 Jahre');
    // The report says the same to the client in one sentence per limit, and the flag in one sentence (decision 0030).
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=DE_DE`)).json();
    expect(report.risk.caps).toEqual([
      { key: 'horizon', kind: 'ANSWER', name: 'Anlagehorizont', maxClass: 2, binding: true, reason: 'Anlagehorizont: Sie haben „1 bis 3 Jahre“ geantwortet, das erlaubt höchstens Klasse 2' },
    ]);
    expect(report.risk.consistency.reasons).toEqual([
      'Sie sehen sich selbst bei Klasse 7, 5 Klassen über der geeigneten Klasse 2. Die Grenzen oben sind der Grund für die niedrigere Klasse; Ihr Berater geht sie mit Ihnen durch.',
    ]);
    expect(report.risk.consistency.direction).toBe('ABOVE');
  });

  it('caps a client who rates their experience highly but fails both classic test questions, and says what to explain first', async () => {
    const ctx = await adviser(['BQ_ADVISORY_BANK']);
    const answers = boldAnswers('BQ_ADVISORY_BANK', { knowledge_check_1: 'rises', knowledge_check_2: 'cannot_fall', self_estimate: 4 });
    expect(answers.knowledge_shares).toBe('regular');
    const { token } = await finishedResult(ctx, 'BQ_ADVISORY_BANK', 82, answers);
    await unlock(ctx.http, token);
    const risk = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json().risk;
    expect(risk.suitableClass).toBe(4);
    expect(risk.caps[0]).toMatchObject({ key: 'knowledge_test', kind: 'KNOWLEDGE_TEST', maxClass: 4, binding: true, asked: 3, failed: 2 });
    expect(risk.explainFirst).toEqual([
      { item: 'knowledge_check_1', textKey: 'suitability.explain.knowledge_check_1' },
      { item: 'knowledge_check_2', textKey: 'suitability.explain.knowledge_check_2' },
    ]);
    expect(risk.consistency.flagged).toBe(false);
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/recommendations/${token}?locale=EN_US`)).json();
    expect(report.risk.caps[0].reason).toBe('Knowledge questions: 2 of 3 were not answered correctly, which allows at most class 4 until your advisor has explained them');
    // The client reads the points, not the adviser's instruction to explain them (decision 0030).
    expect(report.risk.explainFirst).toEqual([
      'Bonds and bond funds: their price falls when interest rates rise.',
      "Funds and ETFs: spreading over many companies lowers the risk of any one of them, but the fund's value can still fall.",
    ]);
    expect(report.recommendations.map((r: { key: string }) => r.key)).toContain('explainFirst');
  });

  it('shows the suitability statement in the report, without the personal details when anonymised', async () => {
    const ctx = await adviser(['BQ_ADVISORY_WEALTH']);
    const answers = boldAnswers('BQ_ADVISORY_WEALTH', { vulnerability: 'support', borrowing: 'some', age_band: 'a60to74', sustainability_taxonomy: 'min25', knowledge_check_3: 'dont_know' });
    const { token } = await finishedResult(ctx, 'BQ_ADVISORY_WEALTH', 83, answers);
    await unlock(ctx.http, token);
    const dashboard = (await ctx.http.request('GET', `/api/dashboard/${token}`)).json();
    expect(dashboard.risk.remarks.map((r: { key: string }) => r.key)).toEqual(['vulnerability', 'borrowing']);
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=EN_UK`)).json();
    const statement = report.suitability;
    expect(statement.sections.map((s: { key: string }) => s.key)).toEqual(['about_you', 'objectives', 'financial_situation', 'losses', 'knowledge_experience', 'sustainability']);
    const row = (item: string) => statement.sections.flatMap((s: { rows: { item: string }[] }) => s.rows).find((r: { item: string }) => r.item === item);
    expect(row('age_band')).toEqual({ item: 'age_band', label: 'Age', answer: '60 to 74', usedInVerdict: false, assessment: null });
    expect(row('horizon_1')).toMatchObject({ answer: 'More than 10 years', usedInVerdict: true });
    expect(row('knowledge_check_1')).toMatchObject({ answer: 'It falls', assessment: 'CORRECT' });
    expect(row('knowledge_check_3')).toMatchObject({ answer: "I don't know", assessment: 'INCORRECT' });
    expect(row('sustainability_taxonomy')).toMatchObject({ label: 'Minimum share, EU Taxonomy', answer: 'At least 25%', usedInVerdict: false });
    // Borrowing is worded for the client; the vulnerability remark stays with the adviser (decision 0030).
    expect(report.risk.remarks).toEqual([expect.stringContaining('Part of the money you want to invest is borrowed')]);
    const anonymised = (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=EN_UK&anonymize=true`)).json();
    expect(anonymised.suitability.personalOmitted).toBe(true);
    expect(anonymised.suitability.sections.map((s: { key: string }) => s.key)).not.toContain('about_you');
    expect(JSON.stringify(anonymised.suitability)).not.toContain('60 to 74');
  });
});

describe('definition versions (decision 0013)', () => {
  /**
   * What a definition version fixes: the dimension scores, the classes, every rule and the flag. The mix of each
   * class, the rule-based indication that replaced the probabilities and the stored risk section belong to the
   * algorithm (decision 0014): a finished result keeps the ones it was calculated with (stored portfolio and section),
   * and a recomputation under a later algorithm version may give the class another mix.
   */
  const scoredNumbers = (results: object) => {
    const { algorithmVersion: _v, prediction: _p, riskSection: _s, risk, ...rest } = results as Record<string, unknown> & {
      risk?: ({ portfolio: { riskClass: number } } & Record<string, unknown>) | null;
    };
    return { ...rest, risk: risk ? { ...risk, portfolio: risk.portfolio.riskClass } : risk };
  };
  const fixture = JSON.parse(readFileSync(new URL('../calculation/fixtures/definition-v1-results.json', import.meta.url), 'utf8')) as {
    answers: Record<string, number | string>;
    results: { interactionId: string; definitionVersion: number; algorithmVersion: string };
  }[];

  it('pins new instances to the newest version', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const client = (await ctx.http.request('POST', '/api/u', { firstName: 'N', lastName: 'New', email: `n${Math.random()}@example.com`, productConfigurationId: ctx.config('BQ_RISK') })).json();
    const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config('BQ_RISK') })).json();
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    expect(row!.definitionVersion).toBe(2);
    expect((await new TestClient(t.app).request('GET', `/api/q?token=${instance.token}`)).json().interaction.version).toBe(2);
  });

  it('lets a client answer, submit and get a report for a questionnaire sent under version 1, scored exactly as before version 2', async () => {
    const ctx = await adviser(['BQ_RISK']);
    const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Otto', lastName: 'Alt', email: `o${Math.random()}@example.com`, productConfigurationId: ctx.config('BQ_RISK') })).json();
    const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config('BQ_RISK') })).json();
    // Sent before version 2 existed: the row names version 1.
    await t.db.update(interactionInstances).set({ definitionVersion: 1 }).where(eq(interactionInstances.token, instance.token));
    const participant = new TestClient(t.app);
    const opened = (await participant.request('GET', `/api/q?token=${instance.token}`)).json();
    expect(opened.interaction.version).toBe(1);
    const itemKeys = opened.interaction.items.map((i: { key: string }) => i.key);
    expect(itemKeys).toContain('tolerance_4');
    expect(itemKeys).not.toContain('loss_money');
    // A version 2 question is not part of this questionnaire.
    expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: { loss_money: 'lt1k' } })).json().errorKey).toBe('error.questionnaire.unknown_item');
    const v1 = fixture.find((f) => f.results.interactionId === 'risk')!;
    expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers: v1.answers })).statusCode).toBe(200);
    expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    await calculateInstance(t.db, row!.id);
    const done = await statusOf(row!.id);
    expect(done.status).toBe('RESULTS_AVAILABLE');
    // The numbers computed before version 2 was added (the fixture), to the last digit.
    const { calculatedAt: _a, ...now } = done.results!;
    const { calculatedAt: _c, ...before } = v1.results as typeof done.results & object;
    expect(scoredNumbers(now)).toEqual(scoredNumbers(before));

    await unlock(ctx.http, instance.token);
    const dashboard = (await ctx.http.request('GET', `/api/dashboard/${instance.token}`)).json();
    expect(dashboard.evidence.definitionVersion).toBe(1);
    expect(dashboard.risk.caps.every((c: { kind: string }) => c.kind === 'DIMENSION')).toBe(true);
    expect(dashboard.risk.consistency.direction).toBeNull();
    const content = (await ctx.http.request('GET', `/api/dashboard/content/bqa/${instance.token}?locale=EN_US`)).json();
    expect(content.dimensions.map((d: { key: string }) => d.key)).toEqual(['tolerance', 'capacity', 'loss_reaction', 'horizon', 'knowledge']);
    const report = (await ctx.http.request('GET', `/api/report/content/bqa/${instance.token}?locale=EN_US`)).json();
    expect(report.suitability).toBeNull();
    expect(report.evidence.definitionVersion).toBe(1);
    const pdf = await ctx.http.request('GET', `/api/report/download/${instance.token}?interactionType=bqa&locale=EN_US`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('recomputes every stored version 1 result of the fixture to identical numbers with version 2 loaded', async () => {
    const { scoreResult, predictResult } = await import('../calculation/score-result');
    const { getInteractionDefinition } = await import('../interactions/definitions');
    expect(fixture.length).toBeGreaterThanOrEqual(18);
    for (const { answers, results } of fixture) {
      expect(getInteractionDefinition(results.interactionId)!.version).toBe(2);
      const definition = getInteractionDefinition(results.interactionId, results.definitionVersion)!;
      const scored = scoreResult(definition, answers, new Date((results as unknown as { calculatedAt: string }).calculatedAt));
      const again = definition.prediction ? { ...scored, prediction: predictResult(definition, scored) } : scored;
      expect(scoredNumbers(again)).toEqual(scoredNumbers(results));
    }
  });
});

describe('GET /api/comp/BQS_COMP', () => {
  it('gives 100 for identical answers, a symmetric whole number otherwise, and -1 with a reason when not comparable', async () => {
    const ctx = await adviser(['BQ_SELECTION', 'BQ_RISK']);
    const a = await finishedResult(ctx, 'BQ_SELECTION', 61);
    const b = await finishedResult(ctx, 'BQ_SELECTION', 62);
    const twin = await finishedResult(ctx, 'BQ_SELECTION', 63, a.answers as Record<string, number | string>);
    const risk = await finishedResult(ctx, 'BQ_RISK', 64);
    const comp = async (x: string, y: string) => (await ctx.http.request('GET', `/api/comp/BQS_COMP?instanceToken1=${x}&instanceToken2=${y}`)).json();

    // Locked results are not compared.
    expect(await comp(a.token, b.token)).toMatchObject({ similarity: -1, reason: 'locked' });
    for (const x of [a, b, twin, risk]) await unlock(ctx.http, x.token);
    expect((await comp(a.token, twin.token)).similarity).toBe(100);
    const ab = await comp(a.token, b.token);
    expect(Number.isInteger(ab.similarity)).toBe(true);
    expect(ab.similarity).toBeGreaterThanOrEqual(0);
    expect(ab.similarity).toBeLessThan(100);
    expect((await comp(b.token, a.token)).similarity).toBe(ab.similarity);
    expect(await comp(a.token, risk.token)).toMatchObject({ similarity: -1, reason: 'different_interaction' });
    expect(await comp(a.token, 'unknown-token')).toMatchObject({ similarity: -1, reason: 'not_found' });
    const other = await adviser(['BQ_SELECTION']);
    expect((await other.http.request('GET', `/api/comp/BQS_COMP?instanceToken1=${a.token}&instanceToken2=${b.token}`)).json()).toMatchObject({ similarity: -1, reason: 'not_found' });
    expect((await ctx.http.request('GET', `/api/comp/BQS_COMP?instanceToken1=${a.token}`)).statusCode).toBe(400);
  });
});

describe('GET /api/interaction/dimensions/{token}', () => {
  it("lists the instance's dimensions with texts in the locale", async () => {
    const ctx = await adviser(['BQ_SELECTION']);
    const { token, definition } = await finishedResult(ctx, 'BQ_SELECTION', 71);
    const res = (await ctx.http.request('GET', `/api/interaction/dimensions/${token}?locale=DE_DE`)).json();
    expect(res.interactionId).toBe('selection');
    expect(res.dimensions.map((d: { key: string }) => d.key)).toEqual(definition.dimensions.map((d) => d.key));
    for (const d of res.dimensions) expect(res.texts[d.nameKey]).toBeTruthy();
  });
});

describe('market history import', () => {
  it('is for platform operators only and refuses a file that is not a Shiller-format CSV', async () => {
    const admin = await adviser(['BQ_RISK'], { platformOperator: true });
    const bad = await admin.http.request('POST', '/api/admin/market-history', 'Date,Foo\n2020-01-01,1\n', { 'content-type': 'text/csv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.market_history.invalid_file');
    const json = await admin.http.request('POST', '/api/admin/market-history', { csv: 'x' });
    expect(json.statusCode).toBe(400);
    const adviserOnly = await adviser(['BQ_RISK'], { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const forbidden = await adviserOnly.http.request('POST', '/api/admin/market-history', readFileSync(SHILLER_CSV, 'utf8'), { 'content-type': 'text/csv' });
    expect(forbidden.statusCode).toBe(403);
    expect((await adviserOnly.http.request('GET', '/api/admin/market-history')).statusCode).toBe(403);
  });
});
