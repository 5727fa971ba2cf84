// The client search is an adviser's most frequent computed view after the dashboard (issue 39 point 4): the matches
// with their latest questionnaire and result come from one statement, the page's mail states from a second; the
// product's configuration and its notice of mail that cannot leave are kept between their changes (db/account-memo.ts).
// A feature that adds a query slows every search, so this counts them, as dashboard-statements.test.ts does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
const statements: string[] = [];
let http: TestClient;
let configId: string;
beforeAll(async () => {
  // The session cached and the response cache off: what is counted is the computed answer of a signed-in adviser.
  t = await createTestApp({ AUTH_CACHE_SECONDS: '30', RESPONSE_CACHE_SECONDS: '0' }, undefined, { onQuery: (sql) => statements.push(sql) });
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  configId = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const { email, password } = await createUser(t.db, acc.account.id);
  http = new TestClient(t.app);
  await http.login(email, password);
});
afterAll(() => t.close());

describe('GET /api/participants?q=', () => {
  it('finds clients with their latest questionnaire and result in two statements', async () => {
    const client = (await http.request('POST', '/api/u', { firstName: 'Ida', lastName: 'Schmidt', email: 'ida.schmidt@example.com', productConfigurationId: configId })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 4);
    const url = `/api/participants?productConfigurationId=${configId}&q=schmidt`;
    // The first search fills the session cache and the settings memo; notifications of the set-up may still arrive.
    expect((await http.request('GET', url)).statusCode).toBe(200);
    await t.settleChangeNotifications();
    expect((await http.request('GET', url)).statusCode).toBe(200);
    await t.app.audit.flush();
    statements.length = 0;
    const res = await http.request('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ token: client.token, latestResult: expect.objectContaining({ token: instance.token }) })]);
    expect(statements, statements.join('\n---\n')).toHaveLength(2);
    expect(statements.join('\n')).not.toContain('"product_configurations"');
  });
});
