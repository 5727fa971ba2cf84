// The events of a client's questionnaire reach the account's webhook (docs/decisions/0090). Generated from the route
// table: every audit action that causes a webhook event is a write route's, so its delivery commits in that route's
// unit of work. Then one client's way through, as the adviser and the participant make it: created, sent, opened,
// completed, result available, unlocked: one delivery each, in that order, each naming the client and the result.
import type { RouteOptions } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@bq/contracts/webhooks';
import { webhookDeliveries } from '../../db/schema';
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

describe('the events of write routes', () => {
  it('names only actions of write routes (their unit of work commits the delivery with the change)', () => {
    const writeActions = new Set(collected.filter(isWriteRoute).map((r) => (r.config as { audit: { action: string } }).audit.action));
    for (const [action, event] of Object.entries(WEBHOOK_EVENT_OF_ACTION)) {
      expect(writeActions.has(action), action).toBe(true);
      expect(WEBHOOK_EVENTS).toContain(event);
    }
  });

  it("follows one client's questionnaire: created, sent, opened, completed, result available, unlocked", async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
    const { email, password } = await createUser(t.db, acc.account.id);
    const adviser = new TestClient(t.app);
    await adviser.login(email, password);
    const configId = acc.configs[0]!.id;
    const hook = await adviser.request('POST', '/api/account/webhooks', { url: 'http://127.0.0.1:9/hooks', events: [...WEBHOOK_EVENTS] });
    expect(hook.statusCode, hook.body).toBe(201);

    const client = (await adviser.request('POST', '/api/u', { firstName: 'Ada', lastName: 'Muster', email: uniqueEmail('client'), productConfigurationId: configId })).json();
    const instance = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    expect((await new TestClient(t.app).request('GET', `/api/q?token=${instance.token}`)).statusCode).toBe(200);
    await answerCalculateUnlock(t, adviser, instance.token, 'BQ_RISK', 7);

    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.json().id)).orderBy(asc(webhookDeliveries.createdAt));
    expect(rows.map((r) => r.event)).toEqual(['client.created', 'interaction.sent', 'interaction.opened', 'interaction.completed', 'result.available', 'result.unlocked']);
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
