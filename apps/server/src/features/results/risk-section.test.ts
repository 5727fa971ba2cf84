// The BQA_RISK section is computed with the result and stored with it (decision 0014): a later market-history
// import changes neither the dashboard content nor the report (content and PDF text) of a finished result, a
// result from before sections were stored gets one at its first view and keeps it, and the figures say what they
// are: US dollars, total return, nominal (and real), never with a euro sign. Through the HTTP API, on PGlite and
// PostgreSQL.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRiskSection } from '@bq/contracts/dashboard';
import type { ProductType } from '@bq/domain/product-types';
import { riskHistoryFromCsv } from '@bq/scoring/market-history';
import { modelPortfolio } from '@bq/scoring/model-portfolios';
import { maxDrawdown, portfolioHistory } from '@bq/scoring/portfolio-windows';
import { readShillerCsv } from '@bq/scoring/shiller-test-data';
import { interactionInstances } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { answerCalculateUnlock } from '../../test/finished-result';

const SHILLER = readShillerCsv();
/** A second file a later import might bring: the same history up to 1999 only (another hash, other figures). */
const SHILLER_TO_1999 = SHILLER.split('\n')
  .filter((line, i) => i === 0 || line.slice(0, 4) < '2000')
  .join('\n');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestApp;
const pdfDir = mkdtempSync(join(tmpdir(), 'bq-risk-section-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviser() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_ADVISORY_BANK'], credits: 20 });
  // Importing market history is an operator action (decision 0016); these tests import it between results.
  const { email, password } = await createUser(t.db, acc.account.id, { platformOperator: true });
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = (p: ProductType) => acc.configs.find((c) => c.productType === p)!.id;
  return { http, config };
}
type Adviser = Awaited<ReturnType<typeof adviser>>;

async function finishedResult(ctx: Adviser, product: ProductType, seed: number) {
  const client = (
    await ctx.http.request('POST', '/api/u', {
      firstName: 'Ida',
      lastName: `Roth ${seed}`,
      email: `ida.${seed}.${Math.random()}@example.com`,
      productConfigurationId: ctx.config(product),
    })
  ).json();
  const instance = (
    await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.config(product) })
  ).json();
  const { id } = await answerCalculateUnlock(t, ctx.http, instance.token, product, seed);
  return { token: instance.token as string, id };
}

async function importHistory(ctx: Adviser, csv: string, source: string) {
  const res = await ctx.http.request('POST', `/api/admin/market-history?source=${source}`, csv, { 'content-type': 'text/csv' });
  expect(res.statusCode).toBe(200);
}

const content = async (ctx: Adviser, token: string, locale = 'EN_UK') =>
  (await ctx.http.request('GET', `/api/dashboard/content/bqa/${token}?locale=${locale}`)).json();
const section = async (ctx: Adviser, token: string): Promise<TRiskSection> => (await content(ctx, token)).sections.BQA_RISK;
const reportContent = async (ctx: Adviser, token: string, locale: string) =>
  (await ctx.http.request('GET', `/api/report/content/bqa/${token}?locale=${locale}`)).json();

async function reportPdfText(ctx: Adviser, token: string, locale: string): Promise<string> {
  const res = await ctx.http.request('GET', `/api/report/download/${token}?interactionType=bqa&locale=${locale}&pageFormat=A4`);
  expect(res.statusCode).toBe(200);
  const file = join(pdfDir, `${token}-${locale}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

describe('the risk section stored with the result', () => {
  it('keeps the dashboard content and the report of a finished result when new market history is imported', async () => {
    const ctx = await adviser();
    await importHistory(ctx, SHILLER, 'shiller.csv');
    const { token, id } = await finishedResult(ctx, 'BQ_RISK', 31);

    const before = await content(ctx, token);
    const stored = before.sections.BQA_RISK as TRiskSection;
    // It records which history it used: the file's hash, its last month, the month the windows end (gap policy cut).
    expect(stored.basis).toMatchObject({
      kind: 'history',
      source: 'shiller.csv',
      firstDate: '1871-01-01',
      lastDate: '2023-06-01',
      currency: 'USD',
      returnType: 'TOTAL_RETURN',
      assets: 'US_EQUITIES_US_TREASURIES_10Y',
      marketData: { sha256: sha256(SHILLER), fileLastDate: '2026-06-01', gapPolicy: 'cut' },
    });
    // It is the row's own copy, not computed per request.
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, id));
    expect(row!.results!.riskSection).toEqual(stored);
    const reportBefore = await reportContent(ctx, token, 'DE_DE');
    const pdfBefore = await reportPdfText(ctx, token, 'DE_DE');

    await importHistory(ctx, SHILLER_TO_1999, 'shiller-to-1999.csv');
    expect(await content(ctx, token)).toEqual(before);
    expect((await reportContent(ctx, token, 'DE_DE')).risk).toEqual(reportBefore.risk);
    expect(await reportPdfText(ctx, token, 'DE_DE')).toBe(pdfBefore);

    // A result calculated after the import uses the new history, and says so.
    const later = await finishedResult(ctx, 'BQ_RISK', 31);
    const laterSection = await section(ctx, later.token);
    expect(laterSection.basis).toMatchObject({ lastDate: '1999-12-01', marketData: { sha256: sha256(SHILLER_TO_1999), fileLastDate: '1999-12-01' } });
    const lastPoint = (s: TRiskSection) => s.nominal.lines.find((l) => l.key === 'portfolio')!.values.at(-1)!;
    expect(lastPoint(laterSection).dateAt).toBe('1999-12-01');
    expect(lastPoint(stored).dateAt).toBe('2023-06-01');
  });

  it('gives a result from before sections were stored its section at the first view, for its own stored portfolio, and keeps it', async () => {
    const ctx = await adviser();
    await importHistory(ctx, SHILLER, 'shiller.csv');
    const { token, id } = await finishedResult(ctx, 'BQ_RISK', 32);
    // As an older result: no stored section, and a portfolio from before the cash-like part (60 % / 40 %).
    await t.db.execute(sql`
      update interaction_instances
         set results = jsonb_set(results - 'riskSection', '{risk,portfolio}', '{"riskClass":5,"equityShare":0.6,"bondShare":0.4}'::jsonb)
       where id = ${id}`);
    const first = await section(ctx, token);
    expect(first.portfolio).toEqual({ riskClass: 5, equityShare: 0.6, bondShare: 0.4, cashShare: 0 });
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, id));
    expect(row!.results!.riskSection).toEqual(first);
    await importHistory(ctx, SHILLER_TO_1999, 'shiller-to-1999.csv');
    expect(await section(ctx, token)).toEqual(first);
  });

  it('computes the largest drawdown from every month: about -61 % for 60/40, not the -39 % of one point a year', async () => {
    const ctx = await adviser();
    await importHistory(ctx, SHILLER, 'shiller.csv');
    const { token, id } = await finishedResult(ctx, 'BQ_RISK', 33);
    await t.db.execute(sql`
      update interaction_instances
         set results = jsonb_set(results - 'riskSection', '{risk,portfolio}', '{"riskClass":5,"equityShare":0.6,"bondShare":0.4,"cashShare":0}'::jsonb)
       where id = ${id}`);
    const stored = await section(ctx, token);
    // The same figure by brute force over the monthly series the import gives (one gap policy: riskHistoryFromCsv).
    const { series } = riskHistoryFromCsv(SHILLER);
    const values = portfolioHistory(series, modelPortfolio(5)).values;
    let brute = 0;
    let peak = 0;
    for (const v of values) {
      peak = Math.max(peak, v.value);
      brute = Math.min(brute, v.value / peak - 1);
    }
    expect(stored.nominal.maxDrawdown).toEqual({
      fall: expect.closeTo(brute, 12),
      peakDate: '1929-09-01',
      troughDate: '1932-06-01',
      recoveryDate: expect.stringMatching(/^19\d\d-\d\d-01$/),
    });
    expect(stored.nominal.maxDrawdown!.fall).toBeCloseTo(-0.61, 2);
    // The chart's points include the trough, so chart IV shows the depth the figure states.
    const line = stored.nominal.lines.find((l) => l.key === 'portfolio')!;
    expect(line.values.some((v) => v.dateAt === '1932-06-01')).toBe(true);
    expect(maxDrawdown(line.values.map((v) => ({ date: v.dateAt, value: v.valueAt })))!.fall).toBeCloseTo(brute, 4);
    // The real view deflates by the CPI: a deeper fall after inflation than in dollars is not required, but it differs.
    expect(stored.real!.maxDrawdown!.fall).not.toBeCloseTo(stored.nominal.maxDrawdown!.fall, 3);
    expect(stored.real!.lines.find((l) => l.key === 'portfolio')!.values.at(-1)!.valueAt).toBeLessThan(line.values.at(-1)!.valueAt);
    // The PRIIPs-way market-risk class of the last five years: 60/40 lands in class 3 (VEV 5-12 %).
    expect(stored.marketRisk).toMatchObject({ method: 'PRIIPS_CATEGORY_2_MRM', mrm: 3, from: '2018-06-01', to: '2023-06-01', observations: 60, holdingYears: 5 });
  });

  it('labels the figures as US dollars, total return, nominal and real in DE_DE and EN_UK, never with a euro sign', async () => {
    const ctx = await adviser();
    await importHistory(ctx, SHILLER, 'shiller.csv');
    const { token } = await finishedResult(ctx, 'BQ_RISK', 34);
    for (const [locale, usd, what, real] of [
      ['DE_DE', /\d US\$, im Januar 1871 im Modellportfolio angelegt/, 'Gesamtrendite in US-Dollar, nominal', 'Nach Inflation (real)'],
      ['EN_UK', /US\$100 invested in the model portfolio in January 1871/, 'total return in US dollars, nominal', 'After inflation (real)'],
    ] as const) {
      const dashboard = await content(ctx, token, locale);
      expect(dashboard.sections.BQA_RISK.basis).toMatchObject({ currency: 'USD', returnType: 'TOTAL_RETURN' });
      expect(dashboard.sections.BQA_RISK.real).not.toBeNull();
      const report = await reportContent(ctx, token, locale);
      expect(report.texts['report.risk.basis.what']).toContain(locale === 'DE_DE' ? 'US-Dollar' : 'US dollars');
      const text = await reportPdfText(ctx, token, locale);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toMatch(usd);
      expect(flat).toContain(what);
      expect(text).toContain(real);
      expect(text).not.toContain('€');
    }
  });
});

describe('OpenAPI', () => {
  it('shows the stored risk section (nominal, real, drawdown, market-risk class, market-data version) and the rule-based prediction', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schemas = doc.components.schemas;
    const content = doc.paths['/api/dashboard/content/{kind}/{token}'].get;
    expect(content.responses['200'].content['application/json'].schema.$ref).toMatch(/DashboardContent/);
    const section = schemas.RiskSection;
    expect(section.required).toEqual(expect.arrayContaining(['nominal', 'real', 'marketRisk', 'computedAt', 'algorithmVersion']));
    expect(JSON.stringify(section)).toContain('maxDrawdown');
    expect(JSON.stringify(section)).toContain('PRIIPS_CATEGORY_2_MRM');
    expect(JSON.stringify(section)).toContain('"USD"');
    expect(JSON.stringify(section)).toContain('sha256');
    expect(schemas.ModelPortfolio.required).toContain('cashShare');
    expect(doc.paths['/api/predict/{path}/{token}'].get.responses['200'].content['application/json'].schema.$ref).toMatch(/Prediction/);
    const prediction = schemas.Prediction;
    expect(prediction.required).toEqual(expect.arrayContaining(['method', 'unconstrainedClass', 'suitableClass']));
    expect(prediction.properties).not.toHaveProperty('probability');
    expect(JSON.stringify(schemas.ReportContent)).not.toContain('probability');
  });
});
