// What a participant's calls cost the database (issue 39 point 1, decisions 0095 and 0096): every statement is a fixed
// cost on the embedded database's one thread, paid by every participant of a yearly review. The counts below are the
// calls' own (the read events are written once a second for many calls at once). A feature that adds a statement to
// these calls is paid by every participant, so this counts them, as dashboard-statements.test.ts does for advisers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateRespondents } from '@bq/scoring/simulate';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { definitionForProduct } from '../interactions/definitions';

let t: TestApp;
const statements: string[] = [];
let http: TestClient;
let configId: string;
beforeAll(async () => {
  // Change notifications on (the session cache), as in production: what the process keeps between changes is kept.
  t = await createTestApp({ AUTH_CACHE_SECONDS: '30' }, undefined, { onQuery: (sql) => statements.push(sql) });
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  configId = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const { email, password } = await createUser(t.db, acc.account.id);
  http = new TestClient(t.app);
  await http.login(email, password);
  expect((await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'We keep your answers for five years.' } })).statusCode).toBe(200);
});
afterAll(() => t.close());

async function newQuestionnaire(lastName: string): Promise<string> {
  const client = (await http.request('POST', '/api/u', { firstName: 'Ida', lastName, email: `ida.${lastName.toLowerCase()}@example.com`, productConfigurationId: configId })).json();
  return (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json().token;
}

describe("a participant's calls", () => {
  it('open, save, review and submit in the statements listed here', async () => {
    const token = await newQuestionnaire('Roth');
    // A first participant fills what a process keeps (the language's texts, the account's privacy policy), after the
    // adviser's last write (a signed-in write on this process ends the account's settings, decision 0096).
    const warm = await newQuestionnaire('Warm');
    expect((await new TestClient(t.app).request('GET', `/api/q?token=${warm}`)).statusCode).toBe(200);
    await t.settleChangeNotifications();
    await t.app.audit.flush();
    const answers = simulateRespondents(definitionForProduct('BQ_RISK'), { count: 1, seed: 3, consistency: 0.8 })[0]!.answers;
    const keys = Object.keys(answers);
    const participant = new TestClient(t.app);
    const sent = async (call: () => Promise<{ statusCode: number }>) => {
      statements.length = 0;
      expect((await call()).statusCode).toBe(200);
      const own = statements.length;
      await t.app.audit.flush();
      return own;
    };
    const save = (part: string[]) => sent(() => participant.request('PUT', `/api/q/${token}/answers`, { answers: Object.fromEntries(part.map((k) => [k, answers[k]])) }));
    // PostgreSQL's API processes count public calls in a shared table (decision 0072): one statement more per call.
    const counter = t.config.embedded ? 0 : 1;
    // node-postgres sends a transaction's BEGIN and COMMIT as statements of their own; PGlite's are not logged.
    const transaction = t.config.embedded ? 0 : 2;
    const counts = {
      // The instance with its client and firm; NEW -> OPENED; the webhook outbox's check in that transaction.
      open: await sent(() => participant.request('GET', `/api/q?token=${token}`)),
      // The first save reads what every later save of this process needs (decision 0095), then saves.
      firstSave: await save(keys.slice(0, 5)),
      // One conditional UPDATE.
      save: await save(keys.slice(5, 10)),
      lastSave: await save(keys),
      // The instance again; the privacy policy is the account's setting, kept between its changes (decision 0096).
      review: await sent(() => participant.request('GET', `/api/q?token=${token}`)),
      // In one transaction: the instance, FILLED, the calculation's job, the participant's key, its audit event
      // (subject, lock, chain head, event) and access log row, and the webhook outbox's check; a savepoint around the
      // service's own transaction.
      submit: await sent(() => participant.request('POST', `/api/q/${token}/submit`, {})),
    };
    expect(counts).toEqual({
      open: 3 + counter + transaction,
      firstSave: 2 + counter,
      save: 1 + counter,
      lastSave: 1 + counter,
      review: 1 + counter,
      submit: 12 + counter + transaction,
    });
  });
});
