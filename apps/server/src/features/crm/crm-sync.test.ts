// Writing results into the CRM (issue 38 point 4, docs/decisions/0094) against the stand-ins on the real code path: a
// result queues its client; the worker's run matches the contact by the mapped external id, then e-mail, writes the
// mapped fields and a timeline entry; a client without a match shows the reason and is retried; an expired access
// token is refreshed once; a refused refresh asks for a new connection; contacts new in the CRM are imported.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulateRespondents } from '@bq/scoring/simulate';
import { clients, crmConnections, crmSyncStates, interactionInstances } from '../../db/schema';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';
import { uniqueEmail } from '../../test/factories';
import { TestClient, type TestApp } from '../../test/test-app';
import { FULL_MAPPING, clientWithResult, connect, crmAdmin, startCrmTestApp, type CrmAdmin, type ProviderPath } from './fixtures/crm-test-kit';
import { queueNightlyRuns } from './sync-queue';
import { runDueSyncs } from './sync-client';

let kit: Awaited<ReturnType<typeof startCrmTestApp>>;
let t: TestApp;
beforeAll(async () => {
  kit = await startCrmTestApp();
  t = kit.t;
});
afterAll(() => kit.close());
beforeEach(() => {
  for (const s of [kit.sf, kit.hs]) {
    s.received.length = 0;
    s.notes.length = 0;
  }
});

/** The worker's run, until nothing due is left (other files' rows are not due: each test waits only for its own). */
const run = async () => {
  while ((await runDueSyncs(t.db, t.app.config)) > 0);
};
const EMAIL_PROP = { salesforce: 'Email', hubspot: 'email' } as const;
const ID_PREFIX = { salesforce: '003', hubspot: '' } as const;
let seq = 0;
const contactId = (p: ProviderPath) => `${ID_PREFIX[p]}${Date.now()}${(seq += 1)}`;

async function connected(provider: ProviderPath): Promise<CrmAdmin> {
  const a = await crmAdmin(t);
  await connect(a, provider);
  expect((await a.http.request('PUT', `/api/account/crm/${provider}/mapping`, FULL_MAPPING[provider])).statusCode).toBe(200);
  return a;
}

async function stateOf(a: CrmAdmin, clientToken: string) {
  const res = await a.http.request('GET', `/api/account/crm/clients/${clientToken}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().states as { status: string; lastErrorKey: string | null; lastError: string | null; externalContactId: string | null; nextAttemptAt: string | null; attempts: number }[])[0]!;
}

describe.each(['salesforce', 'hubspot'] as const)('syncing to %s', (provider) => {
  const standin = () => kit.standinOf(provider);
  const mapping = FULL_MAPPING[provider];

  it('writes the risk class, date, status and client page link to the contact matched by external id, and adds a note', async () => {
    const a = await connected(provider);
    const email = uniqueEmail('crm');
    // A contact with the same e-mail but another external id is not the one: the external id wins.
    const byEmail = standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
    const number = `K-${Date.now()}`;
    const byId = standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: 'someone.else@example.com', [mapping.externalIdProperty]: number });
    const client = await clientWithResult(t, a, { email, externalId: number });
    await run();
    const state = await stateOf(a, client.token);
    expect(state).toMatchObject({ status: 'SYNCED', externalContactId: byId.id, lastErrorKey: null });
    const written = byId.properties;
    expect(written[mapping.fields.riskClass]).toEqual(expect.any(Number));
    expect(written[mapping.fields.riskClass]).toBeGreaterThanOrEqual(1);
    expect(written[mapping.fields.resultDate]).toBe(new Date().toISOString().slice(0, 10));
    expect(written[mapping.fields.status]).toBe('RESULT_AVAILABLE');
    expect(written[mapping.fields.reportUrl]).toBe(`${t.app.config.publicUrl}/BQ_RISK/client/${client.token}`);
    // Never the participant's link: the questionnaire's token is nowhere in what the CRM received.
    expect(JSON.stringify(standin().received)).not.toContain(client.instanceToken);
    expect(byEmail.properties[mapping.fields.riskClass]).toBeUndefined();
    expect(standin().notes).toHaveLength(1);
    expect(JSON.stringify(standin().notes[0])).toContain(byId.id);
    expect(JSON.stringify(standin().notes[0])).toContain(`Risk class: ${written[mapping.fields.riskClass]}`);
  });

  it('falls back to the e-mail address when no contact has the external id', async () => {
    const a = await connected(provider);
    const email = uniqueEmail('crm');
    const contact = standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
    const client = await clientWithResult(t, a, { email, externalId: 'NOT-IN-CRM' });
    await run();
    expect(await stateOf(a, client.token)).toMatchObject({ status: 'SYNCED', externalContactId: contact.id });
    expect(contact.properties[mapping.fields.status]).toBe('RESULT_AVAILABLE');
  });

  it('writes a locked result without its class, and the class once the adviser unlocks it', async () => {
    const a = await connected(provider);
    const email = uniqueEmail('locked');
    const contact = standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
    const made = (await a.http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email, productConfigurationId: a.configId })).json() as { token: string };
    const instance = (await a.http.request('POST', '/api/instance', { clientToken: made.token, productConfigurationId: a.configId })).json() as { token: string };
    const participant = new TestClient(t.app);
    const answers = simulateRespondents(definitionForProduct('BQ_RISK'), { count: 1, seed: 7, consistency: 0.8 })[0]!.answers;
    expect((await participant.request('PUT', `/api/q/${instance.token}/answers`, { answers })).statusCode).toBe(200);
    expect((await participant.request('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
    const [row] = await t.db.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    await calculateInstance(t.db, row!.id);
    await run();
    expect(await stateOf(a, made.token)).toMatchObject({ status: 'SYNCED', externalContactId: contact.id });
    expect(contact.properties[mapping.fields.status]).toBe('RESULT_LOCKED');
    expect(contact.properties[mapping.fields.riskClass]).toBeNull();

    expect((await a.http.request('POST', '/api/credit/unlock', { interactionToken: instance.token })).statusCode).toBe(200);
    expect((await stateOf(a, made.token)).status).toBe('PENDING');
    await run();
    expect(contact.properties[mapping.fields.status]).toBe('RESULT_AVAILABLE');
    expect(contact.properties[mapping.fields.riskClass]).toBeGreaterThanOrEqual(1);
  });

  it('shows a client without a matching contact as failed with the reason, tries again later, and the retry syncs it', async () => {
    const a = await connected(provider);
    const email = uniqueEmail('nomatch');
    const client = await clientWithResult(t, a, { email });
    await run();
    const failed = await stateOf(a, client.token);
    expect(failed).toMatchObject({ status: 'FAILED', lastErrorKey: 'error.crm.no_match', attempts: 1 });
    expect(failed.lastError).toContain(email);
    expect(new Date(failed.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() + 60_000);
    const list = (await a.http.request('GET', `/api/account/crm/${provider}/failures`)).json().states as { clientToken: string; clientName: string; lastErrorKey: string }[];
    expect(list).toEqual([expect.objectContaining({ clientToken: client.token, clientName: 'Jürgen Groß', lastErrorKey: 'error.crm.no_match' })]);
    expect((await a.http.request('GET', '/api/account/crm')).json().connections.find((c: { provider: string }) => c.provider === provider.toUpperCase()).failedClients).toBe(1);

    const contact = standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
    const retried = await a.http.request('POST', `/api/account/crm/${provider}/clients/${client.token}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'SYNCED', externalContactId: contact.id, lastErrorKey: null, attempts: 0 });
    expect((await a.http.request('GET', `/api/account/crm/${provider}/failures`)).json().states).toEqual([]);
  });

  it('refreshes an expired access token once and carries on', async () => {
    const a = await connected(provider);
    const email = uniqueEmail('crm');
    const contact = standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
    standin().expireAccessTokens();
    standin().received.length = 0;
    const client = await clientWithResult(t, a, { email });
    await run();
    expect(await stateOf(a, client.token)).toMatchObject({ status: 'SYNCED', externalContactId: contact.id });
    const grants = standin().received.filter((r) => r.path.endsWith('token')).map((r) => new URLSearchParams(r.body).get('grant_type'));
    expect(grants).toEqual(['refresh_token']);
    expect(standin().validAccess.size).toBeGreaterThan(0);
  });

  it('marks the connection "reconnect needed" when the CRM refuses the refresh token, and records it per client', async () => {
    const a = await connected(provider);
    const email = uniqueEmail('crm');
    standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
    standin().expireAccessTokens();
    standin().revokeRefreshTokens();
    const client = await clientWithResult(t, a, { email });
    await run();
    expect(await stateOf(a, client.token)).toMatchObject({ status: 'FAILED', lastErrorKey: 'error.crm.reconnect_needed', nextAttemptAt: null });
    const shown = (await a.http.request('GET', '/api/account/crm')).json().connections.find((c: { provider: string }) => c.provider === provider.toUpperCase());
    expect(shown.status).toBe('RECONNECT_NEEDED');
    const importRefused = await a.http.request('POST', `/api/account/crm/${provider}/import`, { productConfigurationId: a.configId });
    expect(importRefused.statusCode).toBe(409);
    expect(importRefused.json().errorKey).toBe('error.crm.reconnect_needed');
    // Connecting again makes the connection usable and the failed client due at once.
    await connect(a, provider);
    await run();
    expect(await stateOf(a, client.token)).toMatchObject({ status: 'SYNCED' });
  });

  it('imports contacts created in the CRM as clients, skipping those that already are clients', async () => {
    const a = await connected(provider);
    standin().contacts.length = 0;
    const existing = uniqueEmail('known');
    expect((await a.http.request('POST', '/api/u', { firstName: 'Eva', lastName: 'Alt', email: existing, productConfigurationId: a.configId })).statusCode).toBe(201);
    const names = provider === 'salesforce' ? { first: 'FirstName', last: 'LastName' } : { first: 'firstname', last: 'lastname' };
    const fresh = uniqueEmail('fresh');
    const crmNumber = `CRM-${Date.now()}`;
    standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: fresh.toUpperCase(), [names.first]: 'Zoë', [names.last]: 'Neumann', [mapping.externalIdProperty]: crmNumber });
    standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: existing, [names.first]: 'Eva', [names.last]: 'Alt' });
    const res = await a.http.request('POST', `/api/account/crm/${provider}/import`, { productConfigurationId: a.configId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 1, skipped: 1 });
    const [made] = await t.db.select().from(clients).where(and(eq(clients.accountId, a.account.id), eq(clients.email, fresh)));
    expect(made).toMatchObject({ firstName: 'Zoë', lastName: 'Neumann', externalId: crmNumber });
    expect((await a.http.request('POST', `/api/account/crm/${provider}/import`, { productConfigurationId: a.configId })).json()).toEqual({ imported: 0, skipped: 2 });
    const other = await crmAdmin(t);
    const foreign = await a.http.request('POST', `/api/account/crm/${provider}/import`, { productConfigurationId: other.configId });
    expect(foreign.statusCode).toBe(404);
    expect((await a.http.request('POST', `/api/account/crm/${provider}/import`, { productConfigurationId: 'nope' })).json().errorKey).toBe('error.validation');
  });

  it("imports every contact, not only the CRM's first page of them", async () => {
    const a = await connected(provider);
    standin().contacts.length = 0;
    // Pages of two: five contacts come in three pages (Salesforce's nextRecordsUrl, HubSpot's paging.next.after).
    if (provider === 'salesforce') kit.sf.batchSize = 2;
    else kit.hs.pageSize = 2;
    try {
      const emails = [1, 2, 3, 4, 5].map((n) => uniqueEmail(`paged${n}`));
      for (const email of emails) standin().addContact(contactId(provider), { [EMAIL_PROP[provider]]: email });
      const res = await a.http.request('POST', `/api/account/crm/${provider}/import`, { productConfigurationId: a.configId });
      expect(res.json()).toEqual({ imported: 5, skipped: 0 });
      const made = await t.db.select({ email: clients.email }).from(clients).where(eq(clients.accountId, a.account.id));
      expect(made.map((c) => c.email).sort()).toEqual([...emails].sort());
    } finally {
      kit.sf.batchSize = 2000;
      kit.hs.pageSize = 100;
    }
  });
});

describe('the nightly run and "sync now"', () => {
  it('queues every client with a result once a day, and again on "sync now"', async () => {
    const a = await connected('hubspot');
    const email = uniqueEmail('nightly');
    const contact = kit.hs.addContact(contactId('hubspot'), { email });
    const client = await clientWithResult(t, a, { email });
    await run();
    delete contact.properties.risk_status;
    const [conn] = await t.db.select().from(crmConnections).where(eq(crmConnections.accountId, a.account.id));
    await t.db.update(crmConnections).set({ lastFullSyncAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(crmConnections.id, conn!.id));
    expect(await queueNightlyRuns(t.db)).toBeGreaterThanOrEqual(1);
    expect(await queueNightlyRuns(t.db)).toBe(0);
    await run();
    expect(contact.properties.risk_status).toBe('RESULT_AVAILABLE');
    delete contact.properties.risk_status;
    const now = await a.http.request('POST', '/api/account/crm/hubspot/sync');
    expect(now.statusCode).toBe(202);
    expect(now.json()).toEqual({ queued: 1 });
    await run();
    expect(contact.properties.risk_status).toBe('RESULT_AVAILABLE');
    const [state] = await t.db.select().from(crmSyncStates).where(eq(crmSyncStates.connectionId, conn!.id));
    expect(state).toMatchObject({ status: 'SYNCED', nextAttemptAt: null });
    expect(client.token).toBeTruthy();
  });
});
