// Report links expire: the public report, certificate and PDF by instance token work for reportLinkDays (product
// configuration, else REPORT_LINK_DAYS) after the result opened, then 410 error.report.link_expired for visitors;
// the issuing account's evaluators keep access. Mailed download links follow the same setting.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import { interactionInstances, productConfigurations, reportDownloadTokens } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPORT_LINK_DAYS: '30' });
});
afterAll(() => t.close());

async function openResult(product: ProductType) {
  const acc = await createAccount(t.db, { products: [product], credits: 5 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const adviser = new TestClient(t.app);
  await adviser.login(email, password);
  const productConfigurationId = acc.configs[0]!.id;
  const client = (
    await adviser.request('POST', '/api/u', { firstName: 'Lena', lastName: 'Link', email: `lena.${Math.random()}@example.com`, locale: 'EN_US', productConfigurationId })
  ).json();
  const { token } = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId })).json();
  const answers = simulateRespondents(definitionForProduct(product), { count: 1, seed: 4, consistency: 0.8 })[0]!.answers;
  const participant = new TestClient(t.app, '192.0.2.77');
  await participant.request('PUT', `/api/q/${token}/answers`, { answers });
  await participant.request('POST', `/api/q/${token}/submit`);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
  await calculateInstance(t.db, row!.id);
  expect((await adviser.request('POST', '/api/credit/unlock', { interactionToken: token })).statusCode).toBe(200);
  return { adviser, token: token as string, instanceId: row!.id, productConfigurationId };
}

const openedDaysAgo = (instanceId: string, days: number) =>
  t.db.update(interactionInstances).set({ unlockedAt: new Date(Date.now() - days * DAY) }).where(eq(interactionInstances.id, instanceId));

describe('public report links', () => {
  it('work for 30 days after the result opened, then answer 410 to visitors but not to the adviser', async () => {
    const { adviser, token, instanceId } = await openResult('BQ_SELECTION');
    const urls = [
      `/api/report/content/bqp/${token}`,
      `/api/report/content/bqp/certificate/${token}`,
      `/api/certificate/verificationLink/${token}`,
      `/api/render/report/${token}?interactionType=bqp`,
      `/api/report/download/${token}?interactionType=bqp`,
    ];
    const visitor = new TestClient(t.app, '198.51.100.9');
    await openedDaysAgo(instanceId, 29);
    for (const url of urls) expect((await visitor.request('GET', url)).statusCode, url).toBe(200);

    await openedDaysAgo(instanceId, 31);
    for (const url of urls) {
      const res = await visitor.request('GET', url);
      expect(res.statusCode, url).toBe(410);
      expect(res.json().errorKey, url).toBe('error.report.link_expired');
      expect(res.body, url).not.toContain('Lena');
      // The adviser's own view (their dashboard links here) still works.
      expect((await adviser.request('GET', url)).statusCode, url).toBe(200);
    }
    // Another account's evaluator is a visitor like anyone else.
    const other = await createAccount(t.db, { products: ['BQ_SELECTION'] });
    const stranger = await createUser(t.db, other.account.id);
    const strangerHttp = new TestClient(t.app);
    await strangerHttp.login(stranger.email, stranger.password);
    expect((await strangerHttp.request('GET', urls[0]!)).statusCode).toBe(410);
  });

  it('follow the product configuration: longer or shorter than REPORT_LINK_DAYS, mailed download links too', async () => {
    const { adviser, token, instanceId, productConfigurationId } = await openResult('BQ_RISK');
    const visitor = new TestClient(t.app, '198.51.100.10');
    await openedDaysAgo(instanceId, 45);
    expect((await visitor.request('GET', `/api/report/content/bqa/${token}`)).statusCode).toBe(410);
    await t.db.update(productConfigurations).set({ reportLinkDays: 60 }).where(eq(productConfigurations.id, productConfigurationId));
    expect((await visitor.request('GET', `/api/report/content/bqa/${token}`)).statusCode).toBe(200);
    await t.db.update(productConfigurations).set({ reportLinkDays: 5 }).where(eq(productConfigurations.id, productConfigurationId));

    expect((await adviser.request('POST', `/api/instance/${token}/report/email`)).statusCode).toBe(200);
    const [link] = await t.db.select().from(reportDownloadTokens).where(eq(reportDownloadTokens.instanceId, instanceId));
    expect((link!.expiresAt.getTime() - link!.createdAt.getTime()) / DAY).toBeCloseTo(5, 2);
  });

  it('say so in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/report/content/{kind}/{token}', 'get'],
      ['/api/report/content/bqp/certificate/{token}', 'get'],
      ['/api/render/report/{id}', 'get'],
    ] as const) {
      expect(doc.paths[path][method].responses['410'].description, path).toContain('error.report.link_expired');
      expect(doc.paths[path][method].description, path).toMatch(/reportLinkDays/);
    }
  });
});
