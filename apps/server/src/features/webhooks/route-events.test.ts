// The events of a client's questionnaire reach the account's webhook (docs/decisions/0090). Generated from the route
// table: every audit action that causes a webhook event is a write route's, so its delivery commits in that route's
// unit of work. Then one client's way through, as the adviser and the participant make it: created, sent, opened,
// completed, result available, unlocked: one delivery each, in that order, each naming the client and the result.
import type { RouteOptions } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@bq/contracts/webhooks';
import { clients, interactionInstances, users, webhookDeliveries } from '../../db/schema';
import { writeClients } from '../client-import/write-clients';
import { sweepExpiredInteractions } from './expiry-sweep';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { isWriteRoute } from '../audit/write-transaction';
import { WEBHOOK_EVENT_OF_ACTION } from './route-events';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1' }, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

/** An adviser whose account has an endpoint that takes every event. */
async function subscribedAdviser() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const adviser = new TestClient(t.app);
  await adviser.login(email, password);
  const configId = acc.configs[0]!.id;
  const hook = await adviser.request('POST', '/api/account/webhooks', { url: 'http://127.0.0.1:9/hooks', events: [...WEBHOOK_EVENTS] });
  expect(hook.statusCode, hook.body).toBe(201);
  return { adviser, configId, accountId: acc.account.id, hook: hook.json() as { id: string } };
}

const eventsOf = async (endpointId: string) =>
  (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.createdAt))).map((r) => r.event);

describe('the events of write routes', () => {
  it('names only actions of write routes (their unit of work commits the delivery with the change)', () => {
    const writeActions = new Set(collected.filter(isWriteRoute).map((r) => (r.config as { audit: { action: string } }).audit.action));
    for (const [action, event] of Object.entries(WEBHOOK_EVENT_OF_ACTION)) {
      expect(writeActions.has(action), action).toBe(true);
      expect(WEBHOOK_EVENTS).toContain(event);
    }
  });

  it("follows one client's questionnaire: created, sent, opened, completed, result available, unlocked, report sent", async () => {
    const { adviser, configId, hook } = await subscribedAdviser();

    const client = (await adviser.request('POST', '/api/u', { firstName: 'Ada', lastName: 'Muster', email: uniqueEmail('client'), productConfigurationId: configId })).json();
    const instance = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    expect((await new TestClient(t.app).request('GET', `/api/q?token=${instance.token}`)).statusCode).toBe(200);
    await answerCalculateUnlock(t, adviser, instance.token, 'BQ_RISK', 7);
    expect((await adviser.request('POST', `/api/instance/${instance.token}/report/email`)).statusCode).toBe(200);

    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id)).orderBy(asc(webhookDeliveries.createdAt));
    expect(rows.map((r) => r.event)).toEqual(['client.created', 'interaction.sent', 'interaction.opened', 'interaction.completed', 'result.available', 'result.unlocked', 'report.sent']);
    for (const row of rows) {
      const body = JSON.parse(row.body) as { type: string; data: { client: { token: string }; interaction: { token: string } | null } };
      expect(body.type).toBe(row.event);
      expect(body.data.client.token).toBe(client.token);
      if (row.event !== 'client.created') expect(body.data.interaction?.token).toBe(instance.token);
      // Ids and status only: never the answers.
      expect(row.body).not.toContain('answers');
    }
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(rows.length);
  });
});

describe('events without a route', () => {
  it('announces a questionnaire whose expiry passed once, and one still open or answered never', async () => {
    const { adviser, configId, hook } = await subscribedAdviser();
    const client = (await adviser.request('POST', '/api/u', { firstName: 'Eva', lastName: 'Late', email: uniqueEmail('client'), productConfigurationId: configId })).json();
    const late = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId, allowSecondOpen: true });
    await t.db.update(interactionInstances).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(interactionInstances.token, late.token));
    expect(await sweepExpiredInteractions(t.db)).toBe(1);
    expect(await sweepExpiredInteractions(t.db)).toBe(0);
    const events = await eventsOf(hook.id);
    expect(events.filter((e) => e === 'interaction.expired')).toHaveLength(1);
    const [expired] = (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).filter((r) => r.event === 'interaction.expired');
    expect(JSON.parse(expired!.body).data).toMatchObject({ interaction: { token: late.token, status: 'NEW' }, details: { expiredAt: expect.any(String) } });
  });

  it("writes one event per imported client, in the import's transaction", async () => {
    const { configId, accountId, hook, adviser } = await subscribedAdviser();
    const existing = (await adviser.request('POST', '/api/u', { firstName: 'Old', lastName: 'Known', email: uniqueEmail('client'), productConfigurationId: configId })).json();
    const [known] = await t.db.select().from(clients).where(eq(clients.token, existing.token));
    const row = (email: string, existingId: string | null) => ({ firstName: 'Im', lastName: 'Port', email, phone: null, locale: null, group: null, salutation: null, externalId: null, existingId });
    const [owner] = await t.db.select().from(users).where(eq(users.accountId, accountId));
    await t.db.transaction((tx) => writeClients(tx, { accountId, userId: owner!.id, productConfigurationId: configId }, [row(uniqueEmail('a'), null), row(uniqueEmail('b'), null), row(known!.email, known!.id)]));
    // One transaction: its rows share their time, so the events are compared as a set.
    expect((await eventsOf(hook.id)).sort()).toEqual(['client.created', 'client.created', 'client.created', 'client.updated']);
  });
});
