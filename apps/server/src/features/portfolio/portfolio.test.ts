// A client's current portfolio through the HTTP API (issue 38 point 1, decision 0091): saved and read back, earlier
// ones kept, the check against the suitable risk class of the latest readable risk result with real figures from the
// shipped history, every refusal of bad input with its errorKey, and another account's client as a missing one.
// On PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskHistoryFromCsv } from '@bq/scoring/market-history';
import { modelPortfolio } from '@bq/scoring/model-portfolios';
import { portfolioHistory } from '@bq/scoring/portfolio-windows';
import { readShillerCsv } from '@bq/scoring/shiller-test-data';
import { interactionInstances, type InstanceResults } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { importMarketHistory, loadReturnSeries } from '../market-history/market-history-service';

const CSV = readShillerCsv();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function withHistory() {
  if (!(await loadReturnSeries(t.db))) await importMarketHistory(t.db, CSV, 'S&P 500 by Robert Shiller, public domain', null);
}

async function adviser() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const configId = acc.configs[0]!.id;
  async function addClient() {
    const res = await http.request('POST', '/api/u', { firstName: 'Ida', lastName: 'Roth', email: `ida.${randomBytes(4).toString('hex')}@example.com`, productConfigurationId: configId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: string };
  }
  /** A calculated risk result of the client with this suitable class (only the figures the check reads). */
  async function riskResult(clientToken: string, suitableClass: number, lockStatus: 'UNLOCKED' | 'LOCKED' = 'UNLOCKED', filledAt = new Date()) {
    const clientId = ((await t.db.execute(sql`select id from clients where token = ${clientToken}`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const token = randomBytes(18).toString('base64url');
    const results = { risk: { suitableClass, toleranceClass: suitableClass, portfolio: modelPortfolio(suitableClass) } } as unknown as InstanceResults;
    await t.db.insert(interactionInstances).values({ accountId: acc.account.id, token, clientId, productConfigurationId: configId, interactionId: 'risk', status: 'RESULTS_AVAILABLE', lockStatus, results, filledAt });
    return token;
  }
  /** A real risk result: answered by a simulated respondent, calculated and unlocked. */
  async function calculatedResult(clientToken: string, seed: number) {
    const instance = (await http.request('POST', '/api/instance', { clientToken, productConfigurationId: configId })).json() as { token: string };
    await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', seed);
    return instance.token;
  }
  return { http, user, accountId: acc.account.id, configId, addClient, riskResult, calculatedResult };
}

const weights = (equities: number, bonds: number, cash: number, asOf = '2026-12-01') => ({
  asOf,
  positions: [
    { assetClass: 'EQUITIES', weight: equities },
    { assetClass: 'BONDS', weight: bonds },
    { assetClass: 'CASH', weight: cash },
  ],
});

describe('saving and reading a portfolio', () => {
  it('reads back what was saved, keeps the earlier one, and shows the mapping of other holdings', async () => {
    const a = await adviser();
    const client = await a.addClient();
    const url = `/api/u/${client.token}/portfolio`;
    const empty = await a.http.request('GET', url);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ clientToken: client.token, portfolio: null, check: null, checkMissing: null, history: [] });

    expect((await a.http.request('PUT', url, weights(60, 30, 10, '2026-06-30'))).statusCode).toBe(200);
    const second = await a.http.request('PUT', url, {
      asOf: '2026-11-30',
      positions: [
        { assetClass: 'EQUITIES', amount: 40_000 },
        { assetClass: 'REAL_ESTATE', amount: 10_000 },
        { assetClass: 'MONEY_MARKET', amount: 50_000 },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const read = (await a.http.request('GET', url)).json();
    expect(read.portfolio).toMatchObject({
      asOf: '2026-11-30',
      positions: [
        { assetClass: 'EQUITIES', weight: null, amount: 40_000, mappedTo: 'EQUITIES', share: 0.4 },
        { assetClass: 'REAL_ESTATE', weight: null, amount: 10_000, mappedTo: 'EQUITIES', share: 0.1 },
        { assetClass: 'MONEY_MARKET', weight: null, amount: 50_000, mappedTo: 'CASH', share: 0.5 },
      ],
      mix: { equityShare: 0.5, bondShare: 0, cashShare: 0.5 },
    });
    expect(read.history.map((h: { asOf: string }) => h.asOf)).toEqual(['2026-11-30', '2026-06-30']);
    // No risk result yet: no check, and the answer says why.
    expect(read).toMatchObject({ check: null, checkMissing: 'NO_RISK_RESULT' });
  });

  it("leaves no portfolio after the client's erasure", async () => {
    const a = await adviser();
    const client = await a.addClient();
    await a.http.request('PUT', `/api/u/${client.token}/portfolio`, weights(60, 30, 10));
    const { securityCode } = (await a.http.request('GET', `/api/client/${client.token}/erasure`)).json();
    const erased = await a.http.request('POST', `/api/client/${client.token}/erase`, { securityCode });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await a.http.request('GET', `/api/u/${client.token}/portfolio`)).json()).toMatchObject({ portfolio: null, history: [] });
  });

  it('writes portfolio.update and portfolio.view to the trail with the verdict, never the holdings', async () => {
    await withHistory();
    const a = await adviser();
    const client = await a.addClient();
    await a.riskResult(client.token, 3);
    await a.http.request('PUT', `/api/u/${client.token}/portfolio`, weights(100, 0, 0));
    await a.http.request('GET', `/api/u/${client.token}/portfolio`);
    await t.app.audit.flush();
    const trail = (await t.db.execute(
      sql`select action, details from audit_events where client_token = ${client.token} and action like 'portfolio.%' order by action`,
    )) as unknown as { rows: { action: string; details: Record<string, unknown> }[] };
    expect(trail.rows.map((r) => r.action)).toEqual(['portfolio.update', 'portfolio.view']);
    expect(trail.rows[0]!.details).toMatchObject({ verdict: 'ABOVE', portfolioClass: 7, suitableClass: 3 });
    expect(JSON.stringify(trail.rows)).not.toContain('EQUITIES');
  });
});

describe('the check against the suitable risk class', () => {
  const { series } = riskHistoryFromCsv(CSV);
  const worstYearLoss = (mix: { equityShare: number; bondShare: number; cashShare: number }) => -portfolioHistory(series, mix).windows[0]!.worst!.annualised;

  it('finds all equities above a class 3 profile, in the client sentence figures of the shipped history', async () => {
    await withHistory();
    const a = await adviser();
    const client = await a.addClient();
    const result = await a.riskResult(client.token, 3);
    const res = await a.http.request('PUT', `/api/u/${client.token}/portfolio`, weights(100, 0, 0));
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json().check;
    expect(check).toMatchObject({ verdict: 'ABOVE', suitableClass: 3, portfolioClass: 7, resultToken: result, history: { currency: 'USD', returnType: 'TOTAL_RETURN' } });
    expect(check.worstYear.sinceYear).toBe('1871');
    expect(check.worstYear.portfolioLoss).toBeCloseTo(worstYearLoss({ equityShare: 1, bondShare: 0, cashShare: 0 }), 10);
    expect(check.worstYear.allowedLoss).toBeCloseTo(worstYearLoss(modelPortfolio(3)), 10);
    expect(check.worstYear.portfolioLoss).toBeGreaterThan(0.5);
    expect(check.worstYear.allowedLoss).toBeLessThan(check.worstYear.portfolioLoss);
    expect(check.windows.map((w: { years: number }) => w.years)).toEqual([1, 5, 10]);
    expect(check.maxDrawdown.fall).toBeLessThan(-0.5);
    expect(check.marketRisk).toMatchObject({ method: 'PRIIPS_CATEGORY_2_MRM' });
  });

  it('finds the model mix of the class within, a cash-heavy one below, and reads the latest unlocked result', async () => {
    await withHistory();
    const a = await adviser();
    const client = await a.addClient();
    await a.riskResult(client.token, 5, 'UNLOCKED', new Date(Date.now() - 86_400_000));
    // A newer LOCKED result does not count: its class is what the credit buys.
    await a.riskResult(client.token, 1, 'LOCKED');
    const url = `/api/u/${client.token}/portfolio`;
    expect((await a.http.request('PUT', url, weights(60, 40, 0))).json().check).toMatchObject({ verdict: 'WITHIN', portfolioClass: 5, suitableClass: 5 });
    const below = (await a.http.request('PUT', url, weights(10, 40, 50))).json().check;
    expect(below).toMatchObject({ verdict: 'BELOW', portfolioClass: 2, suitableClass: 5 });
    expect(below.worstYear.portfolioLoss).toBeLessThan(below.worstYear.allowedLoss);
  });
});

describe("the dashboard's portfolioCheck", () => {
  it('checks the current portfolio against the viewed result, stores it with the result, and follows a newer portfolio', async () => {
    await withHistory();
    const a = await adviser();
    const client = await a.addClient();
    const token = await a.calculatedResult(client.token, 7);
    const contentUrl = `/api/dashboard/content/bqa/${token}`;
    expect((await a.http.request('GET', contentUrl)).json().portfolioCheck).toBeNull();

    await a.http.request('PUT', `/api/u/${client.token}/portfolio`, weights(100, 0, 0, '2026-06-30'));
    const first = await a.http.request('GET', contentUrl);
    expect(first.statusCode, first.body).toBe(200);
    const stored = ((await t.db.execute(sql`select results from interaction_instances where token = ${token}`)) as unknown as { rows: { results: InstanceResults }[] }).rows[0]!.results;
    const suitableClass = stored.risk!.suitableClass;
    expect(first.json().portfolioCheck).toMatchObject({
      asOf: '2026-06-30',
      mix: { equityShare: 1, bondShare: 0, cashShare: 0 },
      check: { suitableClass, portfolioClass: 7, verdict: suitableClass === 7 ? 'WITHIN' : 'ABOVE', resultToken: token },
    });
    expect(stored.portfolioCheck).toMatchObject({ asOf: '2026-06-30', computedAt: first.json().portfolioCheck.computedAt });
    // Read again: the stored check, not a new one.
    expect((await a.http.request('GET', contentUrl)).json().portfolioCheck.computedAt).toBe(first.json().portfolioCheck.computedAt);

    await a.http.request('PUT', `/api/u/${client.token}/portfolio`, weights(0, 20, 80, '2026-11-30'));
    expect((await a.http.request('GET', contentUrl)).json().portfolioCheck).toMatchObject({ asOf: '2026-11-30', check: { portfolioClass: 1 } });
  });

  it("records the check in the report's suitability statement, in the report's language", async () => {
    await withHistory();
    const a = await adviser();
    const client = await a.addClient();
    const token = await a.calculatedResult(client.token, 11);
    await a.http.request('PUT', `/api/u/${client.token}/portfolio`, weights(100, 0, 0, '2026-06-30'));
    const report = await a.http.request('GET', `/api/report/content/bqa/${token}?locale=DE_DE`);
    expect(report.statusCode, report.body).toBe(200);
    const { portfolio } = report.json().suitability;
    expect(portfolio).toMatchObject({ asOf: '2026-06-30', portfolioClass: 7 });
    expect(portfolio.verdictText).toContain('Portfolio zum 30.06.2026');
    expect(portfolio.sentence).toMatch(/^In den schlechtesten 12 Monaten seit 1871 hat dieses Portfolio 62\u00a0% verloren; Ihr Profil erlaubt \d+\u00a0%/);
  });
});

describe('the client list filter "portfolio above profile"', () => {
  it('lists only clients whose current portfolio ranks above the suitable class of their latest unlocked result', async () => {
    await withHistory();
    const a = await adviser();
    const [above, within, noResult, lockedOnly, wasAbove] = await Promise.all([1, 2, 3, 4, 5].map(() => a.addClient()));
    const put = (token: string, body: unknown) => a.http.request('PUT', `/api/u/${token}/portfolio`, body);
    await a.riskResult(above!.token, 3);
    await put(above!.token, weights(100, 0, 0));
    await a.riskResult(within!.token, 5);
    await put(within!.token, weights(60, 40, 0));
    await put(noResult!.token, weights(100, 0, 0));
    await a.riskResult(lockedOnly!.token, 3, 'LOCKED');
    await put(lockedOnly!.token, weights(100, 0, 0));
    // Above once, then a safer portfolio saved: the current one counts.
    await a.riskResult(wasAbove!.token, 3);
    await put(wasAbove!.token, weights(100, 0, 0, '2026-06-30'));
    await put(wasAbove!.token, weights(10, 40, 50, '2026-11-30'));
    const list = (filter: string) => a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&status=ALL${filter}`);
    const filtered = await list('&portfolioAboveProfile=true');
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().items.map((c: { token: string }) => c.token)).toEqual([above!.token]);
    expect(filtered.json().total).toBe(1);
    expect((await list('')).json().total).toBe(5);
    expect((await list('&portfolioAboveProfile=maybe')).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('names both calls with their answers and refusals', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { operationId: string; tags: string[]; responses: Record<string, unknown> }>> };
    const path = doc.paths['/api/u/{token}/portfolio']!;
    expect(path.put).toMatchObject({ operationId: 'saveClientPortfolio', tags: ['clients', 'portfolio'] });
    expect(path.get).toMatchObject({ operationId: 'getClientPortfolio' });
    expect(Object.keys(path.put!.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
  });
});

describe('refusals', () => {
  const cases: [string, unknown, string][] = [
    ['weights not adding up to 100', weights(50, 30, 10), 'error.portfolio.weights_sum'],
    ['an unknown asset class', { asOf: '2026-12-01', positions: [{ assetClass: 'CRYPTO', weight: 100 }] }, 'error.portfolio.unknown_asset_class'],
    ['a negative number', { asOf: '2026-12-01', positions: [{ assetClass: 'EQUITIES', weight: 110 }, { assetClass: 'CASH', weight: -10 }] }, 'error.portfolio.negative'],
    ['weights mixed with amounts', { asOf: '2026-12-01', positions: [{ assetClass: 'EQUITIES', weight: 50 }, { assetClass: 'CASH', amount: 5000 }] }, 'error.portfolio.mixed_units'],
    ['no positions', { asOf: '2026-12-01', positions: [] }, 'error.portfolio.empty'],
    ['a position without weight or amount', { asOf: '2026-12-01', positions: [{ assetClass: 'EQUITIES' }] }, 'error.portfolio.no_value'],
    ['amounts that are all zero', { asOf: '2026-12-01', positions: [{ assetClass: 'EQUITIES', amount: 0 }] }, 'error.portfolio.zero_total'],
  ];
  it.each(cases)('refuses %s with 400 and its errorKey', async (_, body, errorKey) => {
    const a = await adviser();
    const client = await a.addClient();
    const res = await a.http.request('PUT', `/api/u/${client.token}/portfolio`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    expect(res.json().fields.map((f: { errorKey: string }) => f.errorKey)).toContain(errorKey);
    // Nothing was saved.
    expect((await a.http.request('GET', `/api/u/${client.token}/portfolio`)).json().history).toEqual([]);
  });

  it("answers another account's client like a missing one, and needs BQ_USER in the client's product", async () => {
    const a = await adviser();
    const b = await adviser();
    const client = await a.addClient();
    for (const [method, body] of [['GET', undefined], ['PUT', weights(60, 30, 10)]] as const) {
      for (const url of [`/api/u/${client.token}/portfolio`, '/api/u/no-such-client/portfolio']) {
        const res = await b.http.request(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().errorKey).toBe('error.not_found');
      }
    }
    const selectionOnly = await createUser(t.db, a.accountId, { permissions: [{ realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' }] });
    const other = new TestClient(t.app);
    await other.login(selectionOnly.email, selectionOnly.password);
    const denied = await other.request('GET', `/api/u/${client.token}/portfolio`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorKey).toBe('error.auth.forbidden');
  });
});
