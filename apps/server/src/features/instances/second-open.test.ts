// No silent duplicates (issue 37 point 7, docs/decisions/0084): a single send to a client who already has an open
// questionnaire of the product is refused with the open one named, unless the adviser says a second is intended.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProducts, clients, interactionInstances } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviserWithClient() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_ADVISORY_WEALTH'] });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const risk = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const wealth = acc.configs.find((c) => c.productType === 'BQ_ADVISORY_WEALTH')!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Thomas', lastName: 'Wagner', email: `t${Math.random()}@example.com`, productConfigurationId: risk })).json();
  // The same client in a second product (written straight: membership in another product is not this test's subject).
  const [row] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.token, client.token));
  await t.db.insert(clientProducts).values({ clientId: row!.id, productConfigurationId: wealth, accountId: acc.account.id });
  const send = (body: Record<string, unknown> = {}) => http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: risk, ...body });
  return { http, risk, wealth, client, send };
}

async function countOf(clientToken: string, configId: string) {
  const rows = await t.db
    .select({ id: interactionInstances.id, configId: interactionInstances.productConfigurationId })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .where(eq(clients.token, clientToken));
  return rows.filter((r) => r.configId === configId).length;
}

describe('POST /api/instance: a second open questionnaire', () => {
  it('is refused with 409 error.interaction.already_open naming the open one, and nothing is created', async () => {
    const { client, risk, send } = await adviserWithClient();
    const first = (await send({ expiresInDays: 20 })).json();
    const second = await send({ sendInvitationEmail: true });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body.errorKey).toBe('error.interaction.already_open');
    expect(body.details).toEqual({ openInstanceToken: first.token, openSince: first.createdAt, openExpiresAt: first.expiresAt, openStatus: 'NEW' });
    expect(await countOf(client.token, risk)).toBe(1);
  });

  it('is created when the request says it is intended (allowSecondOpen: true)', async () => {
    const { client, risk, send } = await adviserWithClient();
    await send();
    const second = await send({ allowSecondOpen: true });
    expect(second.statusCode).toBe(201);
    expect(await countOf(client.token, risk)).toBe(2);
  });

  it('counts only open ones of the same product: an answered, an expired or another product\'s questionnaire is no reason to ask', async () => {
    const { client, risk, wealth, send } = await adviserWithClient();
    const answered = (await send()).json();
    await t.db.update(interactionInstances).set({ status: 'RESULTS_AVAILABLE', filledAt: new Date() }).where(eq(interactionInstances.token, answered.token));
    const expired = (await send()).json();
    expect(expired.token).toBeDefined();
    await t.db.update(interactionInstances).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(interactionInstances.token, expired.token));
    expect((await send()).statusCode).toBe(201);
    // Open in the risk product; the wealth product's first questionnaire is another kind.
    expect((await send({ productConfigurationId: wealth })).statusCode).toBe(201);
    expect(await countOf(client.token, risk)).toBe(3);
  });

  it('names an OPENED questionnaire too (the client is answering it)', async () => {
    const { send } = await adviserWithClient();
    const first = (await send()).json();
    await t.db.update(interactionInstances).set({ status: 'OPENED', openedAt: new Date() }).where(eq(interactionInstances.token, first.token));
    const res = await send();
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toMatchObject({ openInstanceToken: first.token, openStatus: 'OPENED' });
  });

  it('is described in the OpenAPI document: the request field, the error key and its details', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const create = doc.paths['/api/instance'].post;
    expect(Object.keys(doc.components.schemas.CreateInstanceRequest.properties)).toContain('allowSecondOpen');
    expect(JSON.stringify(create.responses['409'])).toContain('error.interaction.already_open');
    expect(JSON.stringify(create.responses['409'])).toContain('#/components/schemas/AlreadyOpenDetails');
    expect(Object.keys(doc.components.schemas.AlreadyOpenDetails.properties)).toEqual(['openInstanceToken', 'openSince', 'openExpiresAt', 'openStatus']);
    expect(create.description).toContain('allowSecondOpen');
  });
});
