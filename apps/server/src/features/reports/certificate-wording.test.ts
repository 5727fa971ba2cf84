// What a certificate certifies (issue 22 point 16, docs/decisions/0033): taking part in the assessment, never a
// level of performance. A candidate below expectations on every dimension gets a "Certificate of participation"
// with no strengths, in every language, on the page and in its file name.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateAnswers } from '@bq/scoring/simulate';
import { interactionInstances } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A BQ_SELECTION candidate who answers as far below the norm as the scales allow; the result is unlocked. */
async function lowestCandidate() {
  const acc = await createAccount(t.db, { products: ['BQ_SELECTION'], credits: 5 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const config = acc.configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Käßmann', email: uniqueEmail('c'), locale: 'DE_DE', productConfigurationId: config })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config })).json();
  const definition = definitionForProduct('BQ_SELECTION');
  const traits = Object.fromEntries(definition.dimensions.map((d) => [d.key, -4]));
  const answers = simulateAnswers(definition, traits, 0, () => 0.5);
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
  await calculateInstance(t.db, row!.id);
  expect((await http.request('POST', '/api/credit/unlock', { interactionToken: instance.token })).statusCode).toBe(200);
  return { http, token: instance.token as string };
}

describe('certificate wording', () => {
  it('names a certificate of participation, never a bare "Certificate", for a candidate below expectations everywhere', async () => {
    const { http, token } = await lowestCandidate();
    const expected = { EN_US: 'Certificate of participation', EN_UK: 'Certificate of participation', DE_DE: 'Teilnahmebescheinigung' } as const;
    for (const [locale, heading] of Object.entries(expected)) {
      const res = await http.request('GET', `/api/report/content/bqp/certificate/${token}?locale=${locale}`);
      expect(res.statusCode).toBe(200);
      const content = res.json();
      expect(content.strengths).toEqual([]);
      expect(content.texts['report.certificate.heading']).toBe(heading);
      expect(content.fileName).toMatch(/^(Certificate.of.participation|Teilnahmebescheinigung)_/);
    }
  });
});
