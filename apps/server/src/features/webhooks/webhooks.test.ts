// Signed webhooks end to end (issue 38 point 3, docs/decisions/0090): an admin makes an endpoint (key shown once,
// kept encrypted), a change commits its delivery with it, the worker signs and sends it through the egress gate, and a
// local receiver checks every signature with the standardwebhooks package's own verifier. Retries keep the webhook-id,
// 410 pauses the endpoint and mails the admins, a rotated key signs beside the old one, bad input is refused.
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { deliverDueWebhooks, type DeliveryOptions } from './deliver';
import { WebhookReceiver } from './fixtures/receiver';
import { webhookDeliveryOptions } from './webhook-worker';

let t: TestApp;
const receiver = new WebhookReceiver();
beforeAll(async () => {
  await receiver.listen();
  t = await createTestApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_POLL_SECONDS: '300' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.status = 204;
});

/** The worker's own options (egress list, keys, the admins' mail on a pause), run by the test when it chooses. */
const options = (more: Partial<DeliveryOptions> = {}): DeliveryOptions => ({ ...webhookDeliveryOptions(t.db, t.app.config, t.queue), timeoutMs: 3000, ...more });

async function admin() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, user, account: acc.account, configId: acc.configs[0]!.id };
}
type Admin = Awaited<ReturnType<typeof admin>>;

async function endpoint(a: Admin, body: Record<string, unknown> = {}) {
  const res = await a.http.request('POST', '/api/account/webhooks', { url: receiver.url(), events: ['client.created', 'client.updated'], description: 'CRM', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; status: string };
}

async function newClient(a: Admin, email = uniqueEmail('client')) {
  const res = await a.http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email, productConfigurationId: a.configId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string };
}

const deliveriesOf = (endpointId: string) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook endpoints', () => {
  it('shows the signing key once, keeps it encrypted, and lists the endpoint without it', async () => {
    const a = await admin();
    const made = await endpoint(a);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(6));
    const list = await a.http.request('GET', '/api/account/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().webhooks).toEqual([expect.objectContaining({ id: made.id, url: receiver.url(), events: ['client.created', 'client.updated'], status: 'ACTIVE' })]);
    expect(list.body).not.toContain(made.secret);
    expect(list.json().events).toContain('review.due');
  });

  it.each([
    [{ events: [] }, 'error.validation'],
    [{ events: ['client.exploded'] }, 'error.validation'],
    [{ url: 'ftp://files.example.com/hook' }, 'error.validation'],
    [{ url: 'not a url' }, 'error.validation'],
    [{ url: 'http://hooks.example.com/in' }, 'error.webhook.https_required'],
    [{ url: 'https://10.0.0.5/hook' }, 'error.webhook.private_address'],
    [{ url: 'https://169.254.169.254/latest/meta-data' }, 'error.webhook.private_address'],
    [{ url: 'https://localhost:8443/hook' }, 'error.webhook.private_address'],
    [{ url: 'https://[::ffff:192.168.1.1]/hook' }, 'error.webhook.private_address'],
    [{ url: 'https://hooks.nowhere.invalid/in' }, 'error.webhook.unresolvable'],
    [{ secret: 'mine' }, 'error.validation'],
  ])('refuses %j with 400 %s and writes nothing', async (body, errorKey) => {
    const a = await admin();
    const res = await a.http.request('POST', '/api/account/webhooks', { url: 'https://hooks.example.com/in', events: ['client.created'], ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorKey).toBe(errorKey);
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, a.account.id))).toEqual([]);
  });

  it("answers another account's endpoint as a missing one", async () => {
    const owner = await admin();
    const other = await admin();
    const made = await endpoint(owner);
    for (const [method, path] of [
      ['GET', `/api/account/webhooks/${made.id}`],
      ['PUT', `/api/account/webhooks/${made.id}`],
      ['DELETE', `/api/account/webhooks/${made.id}`],
      ['POST', `/api/account/webhooks/${made.id}/secret`],
      ['POST', `/api/account/webhooks/${made.id}/test`],
      ['GET', `/api/account/webhooks/${made.id}/deliveries`],
    ] as const) {
      const res = await other.http.request(method, path, method === 'PUT' ? { description: 'mine now' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await owner.http.request('GET', `/api/account/webhooks/${made.id}`)).json().description).toBe('CRM');
  });

  it('changes, pauses, resumes and deletes an endpoint', async () => {
    const a = await admin();
    const made = await endpoint(a);
    const changed = await a.http.request('PUT', `/api/account/webhooks/${made.id}`, { events: ['client.erased'], active: false });
    expect(changed.json()).toMatchObject({ events: ['client.erased'], status: 'PAUSED', pausedReason: 'BY_ADMIN' });
    expect((await a.http.request('PUT', `/api/account/webhooks/${made.id}`, { url: 'https://10.1.1.1/x' })).json().errorKey).toBe('error.webhook.private_address');
    expect((await a.http.request('PUT', `/api/account/webhooks/${made.id}`, { active: true })).json()).toMatchObject({ status: 'ACTIVE', pausedReason: null });
    expect((await a.http.request('DELETE', `/api/account/webhooks/${made.id}`)).statusCode).toBe(200);
    expect((await a.http.request('GET', `/api/account/webhooks/${made.id}`)).statusCode).toBe(404);
  });
});

describe('delivery', () => {
  it('commits the delivery with the change, signs it, and the receiver verifies it with the library', async () => {
    const a = await admin();
    const made = await endpoint(a);
    const client = await newClient(a);
    const [queued] = await deliveriesOf(made.id);
    expect(queued).toMatchObject({ event: 'client.created', status: 'PENDING' });

    expect(await deliverDueWebhooks(t.db, options())).toBeGreaterThanOrEqual(1);
    const got = receiver.received.find((r) => r.headers['webhook-id'] === queued!.messageId)!;
    expect(got.headers['content-type']).toBe('application/json');
    const verified = new Webhook(made.secret).verify(got.body, WebhookReceiver.headersOf(got)) as { type: string; data: { client: Record<string, unknown> } };
    expect(verified.type).toBe('client.created');
    expect(verified.data.client).toEqual({ token: client.token, externalId: null });
    // Without personal data switched on: no name, no e-mail.
    expect(got.body).not.toMatch(/Jürgen|Groß|@/);
    // Someone else's key does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, WebhookReceiver.headersOf(got))).toThrow();
    expect((await deliveriesOf(made.id))[0]).toMatchObject({ status: 'DELIVERED', responseCode: 204, attempts: 1 });

    const listed = (await a.http.request('GET', `/api/account/webhooks/${made.id}/deliveries`)).json().deliveries;
    expect(listed[0]).toMatchObject({ messageId: queued!.messageId, event: 'client.created', status: 'DELIVERED', responseCode: 204, nextAttemptAt: null });
  });

  it('sends names and e-mail only to an endpoint that switched personal data on', async () => {
    const a = await admin();
    const made = await endpoint(a, { includePersonalData: true });
    const email = uniqueEmail('client').toLowerCase();
    await newClient(a, email);
    await deliverDueWebhooks(t.db, options());
    const [delivery] = await deliveriesOf(made.id);
    const got = receiver.received.find((r) => r.headers['webhook-id'] === delivery!.messageId);
    expect(JSON.parse(got!.body).data.client).toMatchObject({ firstName: 'Jürgen', lastName: 'Groß', email });
  });

  it('writes no delivery for a change that was refused (rolled back with it)', async () => {
    const a = await admin();
    const made = await endpoint(a);
    const email = uniqueEmail('client');
    await newClient(a, email);
    const duplicate = await a.http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email, productConfigurationId: a.configId });
    expect(duplicate.statusCode).toBe(409);
    expect(await deliveriesOf(made.id)).toHaveLength(1);
  });

  it('tries a failing endpoint again later with the same webhook-id, and counts the attempts', async () => {
    const a = await admin();
    const made = await endpoint(a);
    await newClient(a);
    receiver.status = 503;
    await deliverDueWebhooks(t.db, options({ retryBaseMs: 60_000 }));
    const [failed] = await deliveriesOf(made.id);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, responseCode: 503, lastError: 'HTTP 503: receiver says no' });
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    // Not due yet: nothing is sent.
    await deliverDueWebhooks(t.db, options());
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === failed!.messageId)).toHaveLength(1);

    await t.db.update(webhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, failed!.id));
    receiver.status = 200;
    await deliverDueWebhooks(t.db, options());
    const attempts = receiver.received.filter((r) => r.headers['webhook-id'] === failed!.messageId);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
    expect((await deliveriesOf(made.id))[0]).toMatchObject({ status: 'DELIVERED', attempts: 2, responseCode: 200, lastError: null });
  });

  it('gives a delivery up after its three days, and a retry sends it again', async () => {
    const a = await admin();
    const made = await endpoint(a);
    await newClient(a);
    receiver.status = 500;
    const [queued] = await deliveriesOf(made.id);
    await t.db.update(webhookDeliveries).set({ giveUpAt: new Date(Date.now() + 10_000) }).where(eq(webhookDeliveries.id, queued!.id));
    await deliverDueWebhooks(t.db, options({ retryBaseMs: 60_000 }));
    expect((await deliveriesOf(made.id))[0]).toMatchObject({ status: 'FAILED', attempts: 1 });
    const endpointRow = (await a.http.request('GET', `/api/account/webhooks/${made.id}`)).json();
    expect(endpointRow).toMatchObject({ status: 'PAUSED', pausedReason: 'FAILING' });

    expect((await a.http.request('POST', `/api/account/webhooks/${made.id}/deliveries/${queued!.id}/retry`)).statusCode).toBe(200);
    expect((await a.http.request('PUT', `/api/account/webhooks/${made.id}`, { active: true })).statusCode).toBe(200);
    receiver.status = 200;
    await deliverDueWebhooks(t.db, options());
    expect((await deliveriesOf(made.id))[0]).toMatchObject({ status: 'DELIVERED', attempts: 2 });
    const again = await a.http.request('POST', `/api/account/webhooks/${made.id}/deliveries/${queued!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorKey).toBe('error.webhook.delivery_not_retryable');
  });

  it('pauses an endpoint that answers 410 Gone, mails the admin, and holds later events until it is resumed', async () => {
    const a = await admin();
    const made = await endpoint(a);
    await newClient(a);
    receiver.status = 410;
    await deliverDueWebhooks(t.db, options());
    expect((await deliveriesOf(made.id))[0]).toMatchObject({ status: 'FAILED', responseCode: 410 });
    expect((await a.http.request('GET', `/api/account/webhooks/${made.id}`)).json()).toMatchObject({ status: 'PAUSED', pausedReason: 'GONE' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, a.account.id));
    const paused = mails.filter((m) => m.kind === 'WEBHOOK_PAUSED');
    expect(paused).toHaveLength(1);
    // The URL is a value someone typed: mails show it defanged (no link), as every such value.
    expect(paused[0]!.subject).toContain(receiver.url().replace('http://', 'http[:]//').replaceAll('.', '[.]'));
    expect(paused[0]!.textBody).toContain('410 Gone');

    receiver.status = 200;
    await newClient(a);
    await deliverDueWebhooks(t.db, options());
    expect(receiver.received).toHaveLength(1);
    await a.http.request('PUT', `/api/account/webhooks/${made.id}`, { active: true });
    await deliverDueWebhooks(t.db, options());
    expect(receiver.received).toHaveLength(2);
  });

  it('signs with the new and the old key for a day after a rotation', async () => {
    const a = await admin();
    const made = await endpoint(a);
    const rotated = await a.http.request('POST', `/api/account/webhooks/${made.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(made.secret);
    expect(rotated.json().previousSecretUntil).not.toBeNull();
    await newClient(a);
    await deliverDueWebhooks(t.db, options());
    const got = receiver.received.at(-1)!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(newSecret).verify(got.body, WebhookReceiver.headersOf(got))).not.toThrow();
    expect(() => new Webhook(made.secret).verify(got.body, WebhookReceiver.headersOf(got))).not.toThrow();
  });

  it('refuses at delivery an address the egress gate does not allow, and sends nothing there', async () => {
    const a = await admin();
    const made = await endpoint(a);
    // The URL passed when it was saved; the operator's list no longer names its host (or its name now resolves inside).
    await newClient(a);
    await deliverDueWebhooks(t.db, options({ allowHosts: [] }));
    expect(receiver.received).toHaveLength(0);
    const [row] = await deliveriesOf(made.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, responseCode: null });
    expect(row!.lastError).toMatch(/loopback/);
  });

  it('sends a test event on request, also to a paused endpoint', async () => {
    const a = await admin();
    const made = await endpoint(a);
    await a.http.request('PUT', `/api/account/webhooks/${made.id}`, { active: false });
    const test = await a.http.request('POST', `/api/account/webhooks/${made.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ event: 'webhook.test', status: 'PENDING' });
    await deliverDueWebhooks(t.db, options());
    const got = receiver.received.at(-1)!;
    expect(new Webhook(made.secret).verify(got.body, WebhookReceiver.headersOf(got))).toMatchObject({ type: 'webhook.test', data: { webhookId: made.id } });
  });
});
