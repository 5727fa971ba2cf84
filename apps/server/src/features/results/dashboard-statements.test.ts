// The result dashboard is an adviser's most frequent computed view (issue 26 point 5, decision 0026's addendum): the
// access check, the result, the client's header and the assigned weight profile come from one statement. A feature
// that adds a query to it slows every dashboard, so this counts them, as ops.test.ts does for GET /api/user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
/** Every statement the app sent. */
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

/** A client with an unlocked BQ_RISK result, answered by the simulated respondent of `seed`, and a weight profile assigned. */
async function resultWithProfile(lastName: string, seed: number) {
  const client = (await http.request('POST', '/api/u', { firstName: 'Ida', lastName, email: `ida.${lastName.toLowerCase()}@example.com`, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', seed);
  const profile = (
    await http.request('POST', '/api/weight/profile', { productType: 'BQ_RISK', name: `Growth ${lastName}`, weights: [{ dimension: 'tolerance', weight: 1, target: 60 }] })
  ).json();
  expect((await http.request('POST', '/api/user/weightProfile', { userToken: client.token, productType: 'BQ_RISK', profileId: profile.id })).statusCode).toBe(200);
  return { token: instance.token as string, profileId: profile.id as string };
}

/** The second view (the first fills the session cache), with the statements it sent. */
async function countedView(token: string) {
  expect((await http.request('GET', `/api/dashboard/${token}`)).statusCode).toBe(200);
  // Notifications of the set-up's writes may still be on their way (PostgreSQL); once heard, the session is cached again.
  await t.settleChangeNotifications();
  expect((await http.request('GET', `/api/dashboard/${token}`)).statusCode).toBe(200);
  // Audit events of earlier requests are written once a second: not inside the counted request.
  await t.app.audit.flush();
  statements.length = 0;
  const res = await http.request('GET', `/api/dashboard/${token}`);
  expect(res.statusCode).toBe(200);
  return { body: res.json(), sent: [...statements] };
}

describe('GET /api/dashboard/{token}', () => {
  it('reads a result with its client and assigned weight profile in one statement', async () => {
    const { token, profileId } = await resultWithProfile('Roth', 4); // seed 4: its self-estimate matches its verdict
    const { body, sent } = await countedView(token);
    // The header's client and the fit to the assigned profile are in the answer...
    expect(body).toMatchObject({ fit: { profileId, profileName: 'Growth Roth' }, risk: { consistency: { flagged: false } } });
    expect(JSON.stringify(body)).toContain('Roth');
    // ...read by the statement that also checks the account and the token.
    expect(sent, sent.join('\n---\n')).toHaveLength(1);
  });

  it('reads the resolution notes as a second statement only for a result flagged as inconsistent', async () => {
    const { token } = await resultWithProfile('Kern', 1); // seed 1: its self-estimate is classes away
    const { body, sent } = await countedView(token);
    expect(body.risk.consistency).toMatchObject({ flagged: true, resolutions: [] });
    expect(sent, sent.join('\n---\n')).toHaveLength(2);
    expect(sent[1]).toContain('consistency_resolutions');
  });
});
