// The fairness report's basis "fit" uses the same fit as the result's dashboard (decision 0074: one computation,
// fitOfResult, from the T-scores as shown), on PGlite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TAdverseImpactReport } from '@bq/contracts/fairness';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fairnessAccount } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

it("scores a candidate by the fit their dashboard shows (the median of one is that fit)", async () => {
  const f = await fairnessAccount(t);
  const client = await f.addClient('Fit', 'Candidate');
  const token = await f.measure(f.campaign.id, client.id, 1, 4242);
  const weights = [
    { dimension: 'conscientiousness', weight: 16, target: 70 },
    { dimension: 'teamwork', weight: 4, target: 35 },
    { dimension: 'resilience', weight: 1, target: 50 },
  ];
  const created = await f.http.request('POST', '/api/weight/profile', { productType: 'BQ_SELECTION', name: 'Fit check', weights });
  expect(created.statusCode, created.body).toBe(201);
  const profileId = created.json().id as string;
  const assigned = await f.http.request('POST', '/api/user/weightProfile', { userToken: client.token, productType: 'BQ_SELECTION', profileId });
  expect(assigned.statusCode, assigned.body).toBe(200);

  const dashboard = await f.http.request('GET', `/api/dashboard/${token}`);
  expect(dashboard.statusCode, dashboard.body).toBe(200);
  const shown = dashboard.json().fit.fit as number;
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(100);

  const report = async (threshold: number) => {
    const res = await f.http.request('GET', `/api/fairness/BQ_SELECTION/adverse-impact?basis=fit&threshold=${threshold}&profileId=${profileId}&campaignId=${f.campaign.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAdverseImpactReport;
  };
  const atFit = await report(shown);
  expect(atFit).toMatchObject({ basis: 'fit', assessed: 1, median: shown });
});
