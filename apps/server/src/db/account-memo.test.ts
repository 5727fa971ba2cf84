// What a process keeps of an account between its changes (docs/decisions/0096): a product route's declared check and a
// participant's questionnaire read the product configuration and the privacy policy from memory while the account's
// settings did not change, the client list its notice of mail that cannot leave while no client mail's state moved,
// and never after: on this process at once (its own write), from another process as soon as its notification
// arrives. A participant's saved answer (the account's busiest write) keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { answerCalculateUnlock } from '../test/finished-result';
import { createAccount, createUser } from '../test/factories';

let t: TestApp;
const statements: string[] = [];
let http: TestClient;
let configId: string;
let accountId: string;
beforeAll(async () => {
  // The response cache off: every answer below is computed; the session cache on, so notifications are listened to.
  t = await createTestApp({ AUTH_CACHE_SECONDS: '30', RESPONSE_CACHE_SECONDS: '0' }, undefined, { onQuery: (sql) => statements.push(sql) });
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  accountId = acc.account.id;
  configId = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const { email, password } = await createUser(t.db, accountId);
  http = new TestClient(t.app);
  await http.login(email, password);
});
afterAll(() => t.close());

/** The statements of one request that read a table, and its answer. */
async function counted(method: 'GET' | 'PUT', url: string, table: string, body?: unknown) {
  await t.app.audit.flush();
  statements.length = 0;
  const res = await new TestClient(t.app).request(method, url, body);
  return { res, reads: statements.filter((s) => s.includes(`from "${table}"`)).length };
}

describe('the account memo', () => {
  it("keeps a product's configuration for its routes until it changes, here or on another process", async () => {
    const client = (await http.request('POST', '/api/u', { firstName: 'Ida', lastName: 'Vogt', email: 'ida.vogt@example.com', productConfigurationId: configId })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 4);
    const setReview = (months: number) => http.request('PUT', `/api/account/products/${configId}/review`, { reviewEveryMonths: months, reviewNoticeDays: 30 });
    const list = async () => {
      await t.app.audit.flush();
      statements.length = 0;
      const res = await http.request('GET', `/api/participants?productConfigurationId=${configId}`);
      expect(res.statusCode).toBe(200);
      return { due: res.json().items[0].reviewDueAt as string | null, reads: statements.filter((s) => s.includes('"product_configurations"')).length };
    };
    expect((await setReview(12)).statusCode).toBe(200);
    await t.settleChangeNotifications();
    const first = await list();
    expect(first.due).not.toBeNull();
    // The second list reads no configuration: the route's check is answered from memory.
    expect(await list()).toEqual({ due: first.due, reads: 0 });
    // A change through this process shows on the very next call (no waiting for the notification).
    expect((await setReview(0)).statusCode).toBe(200);
    expect((await list()).due).toBeNull();
    // A change by another process (straight to the database) shows once its notification is heard.
    await t.settleChangeNotifications();
    await list();
    await t.database.executeSql('update product_configurations set review_every_months = 24 where id = $1', [configId]);
    await t.settleChangeNotifications();
    const after = await list();
    expect(after.due).not.toBeNull();
    expect(after.due).not.toBe(first.due);
    expect(after.reads).toBe(1);
  });

  it("keeps the privacy policy a participant reads while answers are saved, and shows a new one at once", async () => {
    const client = (await http.request('POST', '/api/u', { firstName: 'Eva', lastName: 'Lorenz', email: 'eva.lorenz@example.com', productConfigurationId: configId })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    expect((await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'Policy one.', DE_DE: 'Richtlinie eins.' } })).statusCode).toBe(200);
    await t.settleChangeNotifications();
    const open = () => counted('GET', `/api/q?token=${instance.token}`, 'privacy_policies');
    const opened = await open();
    expect(opened.res.json().privacyPolicy.text).toBe('Policy one.');
    // A saved answer notifies the account (its cached answers end), not its settings.
    expect((await counted('PUT', `/api/q/${instance.token}/answers`, 'interaction_instances', { answers: {} })).res.statusCode).toBe(200);
    await t.settleChangeNotifications();
    const again = await open();
    expect(again.res.json().privacyPolicy.text).toBe('Policy one.');
    expect(again.reads).toBe(0);
    expect((await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'Policy two.' } })).statusCode).toBe(200);
    const changed = await open();
    expect(changed.res.json().privacyPolicy.text).toBe('Policy two.');
    expect(changed.reads).toBe(1);
  });

  it("keeps the client list's notice of mail that cannot leave until a client mail's state moves", async () => {
    const client = (await http.request('POST', '/api/u', { firstName: 'Uwe', lastName: 'Post', email: 'uwe.post@example.com', productConfigurationId: configId })).json();
    const sent = await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId, sendInvitationEmail: true });
    expect(sent.statusCode).toBe(201);
    await t.settleChangeNotifications();
    const list = async () => {
      await t.app.audit.flush();
      statements.length = 0;
      const res = await http.request('GET', `/api/participants?productConfigurationId=${configId}`);
      expect(res.statusCode).toBe(200);
      return { problems: res.json().mailProblems as { clients: number } | null, reads: statements.filter((s) => s.includes('with stuck as')).length };
    };
    expect(await list()).toEqual({ problems: null, reads: 1 });
    expect(await list()).toEqual({ problems: null, reads: 0 });
    // The worker (another process, or this one's) gives the invitation up: the next list after the notification says so.
    await t.database.executeSql(`update mail_outbox set status = 'FAILED', last_error = '550 No such user here' where instance_id = (select id from interaction_instances where token = $1)`, [sent.json().token]);
    await t.settleChangeNotifications();
    expect(await list()).toEqual({ problems: expect.objectContaining({ clients: 1 }), reads: 1 });
  });

  it('reads every time where the database sends no notifications', async () => {
    const quiet = await createTestApp({ AUTH_CACHE_SECONDS: '0', RESPONSE_CACHE_SECONDS: '0' });
    try {
      let loads = 0;
      const load = async () => ++loads;
      await quiet.app.accountMemo.get(accountId, 'k', load);
      await quiet.app.accountMemo.get(accountId, 'k', load);
      expect(loads).toBe(2);
    } finally {
      await quiet.close();
    }
  });
});
