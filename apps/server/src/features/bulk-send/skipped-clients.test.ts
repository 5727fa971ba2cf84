// No silent duplicates in a bulk send (issue 37 point 7, docs/decisions/0084): clients who answered within the chosen
// period are skipped unless the request says 0, and every skipped client is listed by name with the reason and the
// date behind it.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProducts, clients, interactionInstances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adviserWithClients } from './bulk-fixtures';
import { runBulkSend } from './run-bulk-send';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Failure = { clientToken: string; errorKey: string; clientName: string | null; since: string | null };
const DAY = 86_400_000;

/** Gives the client an answered questionnaire of the product, answered `daysAgo` days ago. */
async function answered(http: Awaited<ReturnType<typeof adviserWithClients>>['http'], configId: string, clientToken: string, daysAgo: number) {
  const made = (await http.request('POST', '/api/instance', { clientToken, productConfigurationId: configId })).json();
  const filledAt = new Date(Date.now() - daysAgo * DAY);
  await t.db.update(interactionInstances).set({ status: 'RESULTS_AVAILABLE', filledAt }).where(eq(interactionInstances.token, made.token));
  return filledAt;
}

async function sendAndRun(http: Awaited<ReturnType<typeof adviserWithClients>>['http'], body: Record<string, unknown>) {
  const started = await http.request('POST', '/api/instance/bulk', body);
  expect(started.statusCode).toBe(202);
  await runBulkSend(t.db, t.config, started.json().id, { chunkSize: 3 });
  const progress = (await http.request('GET', `/api/instance/bulk/${started.json().id}`)).json();
  return { progress, byToken: new Map<string, Failure>(progress.failures.map((f: Failure) => [f.clientToken, f])) };
}

async function instancesOf(tokens: string[]) {
  return t.db.select({ token: clients.token }).from(interactionInstances).innerJoin(clients, eq(clients.id, interactionInstances.clientId)).where(inArray(clients.token, tokens));
}

describe('POST /api/instance/bulk: skipped clients', () => {
  it('skips a client who answered within the default 3 months, with the date; one who answered before gets the questionnaire', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 4);
    const recent = await answered(http, configId, tokens[0]!, 10);
    await answered(http, configId, tokens[1]!, 120);
    const { progress, byToken } = await sendAndRun(http, { productConfigurationId: configId, clientTokens: tokens });
    expect(progress).toMatchObject({ status: 'DONE', total: 4, created: 3, failed: 1, skipResultsWithinMonths: 3 });
    expect(byToken.get(tokens[0]!)).toEqual({ clientToken: tokens[0], errorKey: 'error.bulk_send.recent_result', clientName: 'Kraus, Anna0', since: recent.toISOString() });
    expect(byToken.has(tokens[1]!)).toBe(false);
    expect((await instancesOf([tokens[0]!])).length).toBe(1);
  });

  it('with a period of 0 skips nobody for a recent result, and a longer period reaches further back', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 2);
    await answered(http, configId, tokens[0]!, 2);
    await answered(http, configId, tokens[1]!, 200);
    const none = await sendAndRun(http, { productConfigurationId: configId, clientTokens: [tokens[0]], skipResultsWithinMonths: 0 });
    expect(none.progress).toMatchObject({ created: 1, failed: 0, skipResultsWithinMonths: 0 });
    const year = await sendAndRun(http, { productConfigurationId: configId, clientTokens: [tokens[1]], skipResultsWithinMonths: 12 });
    expect(year.progress).toMatchObject({ created: 0, failed: 1 });
    expect(year.byToken.get(tokens[1]!)?.errorKey).toBe('error.bulk_send.recent_result');
    const bad = await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens, skipResultsWithinMonths: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
  });

  it('lists every skipped client by name with the reason: open since, erased, inactive, unknown', async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 6);
    const open = (await http.request('POST', '/api/instance', { clientToken: tokens[0], productConfigurationId: configId })).json();
    const [erased, inactive] = await t.db.select({ id: clients.id, token: clients.token }).from(clients).where(inArray(clients.token, [tokens[1]!, tokens[2]!]));
    const byTokenId = new Map([erased!, inactive!].map((c) => [c.token, c.id]));
    await t.db.update(clients).set({ erasedAt: new Date() }).where(eq(clients.id, byTokenId.get(tokens[1]!)!));
    await t.db.update(clientProducts).set({ active: false }).where(inArray(clientProducts.clientId, [...byTokenId.values()]));

    const { progress, byToken } = await sendAndRun(http, { productConfigurationId: configId, clientTokens: [...tokens, 'no-such-token'] });
    expect(progress).toMatchObject({ total: 7, created: 3, failed: 4 });
    expect(progress.failures).toHaveLength(4);
    expect(byToken.get(tokens[0]!)).toEqual({ clientToken: tokens[0], errorKey: 'error.bulk_send.already_open', clientName: 'Kraus, Anna0', since: open.createdAt });
    expect(byToken.get(tokens[1]!)).toMatchObject({ errorKey: 'error.data_rights.already_erased', since: null });
    expect(byToken.get(tokens[2]!)).toEqual({ clientToken: tokens[2], errorKey: 'error.client.inactive', clientName: 'Kraus, Anna2', since: null });
    expect(byToken.get('no-such-token')).toEqual({ clientToken: 'no-such-token', errorKey: 'error.not_found', clientName: null, since: null });
  });

  it("names skipped clients as the viewer's anonymisation shows them, never by a hidden name", async () => {
    const { http, configId, tokens } = await adviserWithClients(t, 2);
    await http.request('POST', '/api/instance', { clientToken: tokens[0], productConfigurationId: configId });
    expect((await http.request('POST', '/api/admin/user/settings', { anonymizationAllowListEnabled: true })).statusCode).toBe(200);
    const { byToken, progress } = await sendAndRun(http, { productConfigurationId: configId, clientTokens: tokens });
    expect(byToken.get(tokens[0]!)?.clientName).toBe('*****');
    expect(JSON.stringify(progress)).not.toContain('Anna0');
  });

  it('is described in the OpenAPI document: the period, the names and dates, the new reasons', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.components.schemas.BulkSendRequest.properties)).toContain('skipResultsWithinMonths');
    expect(Object.keys(doc.components.schemas.BulkSendRequest.properties)).not.toContain('allowSecondOpen');
    expect(Object.keys(doc.components.schemas.BulkSendFailure.properties)).toEqual(expect.arrayContaining(['clientName', 'since']));
    expect(JSON.stringify(doc.components.schemas.BulkSendFailure)).toContain('error.bulk_send.recent_result');
    expect(doc.paths['/api/instance/bulk'].post.description).toContain('skipResultsWithinMonths');
  });
});
