// Buying credits through the HTTP API: payment configurations per product, the checkout redirect of both
// providers (the sandbox, and Stripe through its library against a local imitation), and the webhook that
// credits the ledger exactly once (replays, 20 concurrent deliveries, forged signatures).
import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { loadConfig } from '../../config';
import { creditLedger, interactionInstances, paymentCheckouts, paymentConfigurations, paymentEvents, users } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { startStripeImitation, type StripeImitation } from '../../test/stripe-imitation';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { sandboxCompletedEvent, signSandboxPayload } from './sandbox';
import { DEMO_BUYER, seedDemoBuyer } from './seed-demo-buyer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buyer(app: TestApp, opts: { products?: ProductType[]; credits?: number; permissions?: { realm: string; entity: string; action: string }[] } = {}) {
  const acc = await createAccount(app.db, { products: opts.products ?? ['BQ_RISK'], credits: opts.credits ?? 0 });
  const { email, password, user } = await createUser(app.db, acc.account.id, { permissions: opts.permissions });
  const http = new TestClient(app.app);
  await http.login(email, password);
  return { http, account: acc.account, user };
}

const balanceOf = async (http: TestClient) => (await http.request('GET', '/api/user')).json().creditBalance as number;

async function packagesOf(http: TestClient, productType: ProductType = 'BQ_RISK') {
  const res = await http.request('GET', `/api/payment/configurations?productType=${productType}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { currency: string; provider: string | null; creditBalance: number; configurations: { id: string; kind: string; credits: number | null; price: { amountMinor: number; currency: string } | null; payable: boolean }[] };
}

async function firstPackageId(http: TestClient, productType: ProductType = 'BQ_RISK') {
  return (await packagesOf(http, productType)).configurations.find((c) => c.kind === 'PAY_AS_YOU_GO' && c.credits === 10)!.id;
}

/** Starts a sandbox checkout of the 10-credit package and returns its session id and user reference. */
async function sandboxCheckout(http: TestClient, returnTo?: string) {
  const id = await firstPackageId(http);
  const res = await http.request('GET', `/api/payment/pay/${id}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  expect(res.statusCode).toBe(303);
  const location = res.headers.location as string;
  expect(location).toMatch(/^\/sandbox-checkout\/sbx_[A-Za-z0-9_-]+$/);
  const sessionId = location.split('/').pop()!;
  const [checkout] = await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.providerSessionId, sessionId));
  return { sessionId, checkout: checkout! };
}

function sendWebhook(app: TestApp, provider: 'sandbox' | 'stripe', payload: string, signature?: string) {
  const header = provider === 'stripe' ? 'stripe-signature' : 'x-sandbox-signature';
  return app.app.inject({
    method: 'POST',
    url: `/api/payment/webhook/${provider}`,
    headers: { 'content-type': 'application/json', ...(signature !== undefined ? { [header]: signature } : {}) },
    payload,
  });
}

const paymentLedger = (accountId: string) =>
  t.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.reason, 'PAYMENT')));

describe('GET /api/payment/configurations', () => {
  it('lists the packages of the product type in US dollars for an EN_US user, in euro for DE_DE', async () => {
    const { http, user } = await buyer(t, { credits: 3 });
    const risk = await packagesOf(http);
    expect(risk).toMatchObject({ productType: 'BQ_RISK', currency: 'USD', provider: 'sandbox', creditBalance: 3 });
    expect(risk.configurations.map((c) => [c.kind, c.credits, c.price?.amountMinor ?? null, c.payable])).toEqual([
      ['PAY_AS_YOU_GO', 10, 5400, true],
      ['PAY_AS_YOU_GO', 50, 21900, true],
      ['PAY_AS_YOU_GO', 200, 76900, true],
      ['ENTERPRISE', null, null, false],
    ]);
    await t.db.update(users).set({ locale: 'DE_DE' }).where(eq(users.id, user.id));
    const euro = await packagesOf(http);
    expect(euro.currency).toBe('EUR');
    expect(euro.configurations[0]!.price).toEqual({ amountMinor: 4900, currency: 'EUR' });
  });

  it('offers the trial with the wealth advisory product only', async () => {
    const { http } = await buyer(t, { products: ['BQ_ADVISORY_WEALTH', 'BQ_RISK'] });
    const wealth = await packagesOf(http, 'BQ_ADVISORY_WEALTH');
    expect(wealth.configurations[0]).toMatchObject({ kind: 'TRIAL', credits: null, price: null, payable: false });
    expect((await packagesOf(http, 'BQ_RISK')).configurations.some((c) => c.kind === 'TRIAL')).toBe(false);
  });

  it('validates productType, answers 404 for a product the account lacks, 401 without a session, 403 without the results permission', async () => {
    const { http } = await buyer(t);
    for (const query of ['', '?productType=', '?productType=BQ_NOPE', '?productType=bq_risk']) {
      const res = await http.request('GET', `/api/payment/configurations${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    const missing = await http.request('GET', '/api/payment/configurations?productType=BQ_SELECTION');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorKey).toBe('error.not_found');
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/configurations?productType=BQ_RISK' })).statusCode).toBe(401);
    const limited = await buyer(t, { permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' }] });
    const forbidden = await limited.http.request('GET', '/api/payment/configurations?productType=BQ_RISK');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorKey).toBe('error.auth.forbidden');
  });
});

describe('the sandbox provider', () => {
  it('redirects to the sandbox page, stays PENDING until confirmed, then credits once and shows the new balance', async () => {
    const { http, account } = await buyer(t, { credits: 2 });
    const { sessionId, checkout } = await sandboxCheckout(http, '/BQ_RISK/client/abc/dashboard/def');
    expect(checkout).toMatchObject({ status: 'PENDING', credits: 10, amountCents: 5400, currency: 'USD', provider: 'sandbox', returnTo: '/BQ_RISK/client/abc/dashboard/def' });
    const pending = await http.request('GET', `/api/payment/checkout/${checkout.userReference}`);
    expect(pending.json()).toMatchObject({ status: 'PENDING', creditBalance: 2, credits: 10, price: { amountMinor: 5400, currency: 'USD' }, paidAt: null });

    // The sandbox page is public (its session id is the credential), like a provider's hosted page.
    const page = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      sessionId,
      productType: 'BQ_RISK',
      credits: 10,
      status: 'PENDING',
      successPath: `/BQ_RISK/checkout_success/${checkout.userReference}`,
      cancelPath: `/BQ_RISK/credits?returnTo=${encodeURIComponent('/BQ_RISK/client/abc/dashboard/def')}`,
    });
    const confirm = await http.request('POST', `/api/payment/sandbox/${sessionId}/confirm`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ redirectTo: `/BQ_RISK/checkout_success/${checkout.userReference}` });
    const paid = (await http.request('GET', `/api/payment/checkout/${checkout.userReference}`)).json();
    expect(paid).toMatchObject({ status: 'PAID', creditBalance: 12, returnTo: '/BQ_RISK/client/abc/dashboard/def' });
    expect(paid.paidAt).not.toBeNull();
    expect(await balanceOf(http)).toBe(12);
    // Confirming again (a double click, a reload) changes nothing.
    expect((await http.request('POST', `/api/payment/sandbox/${sessionId}/confirm`)).statusCode).toBe(200);
    expect(await balanceOf(http)).toBe(12);
    const ledger = await paymentLedger(account.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 10, reference: checkout.id });
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.checkoutId, checkout.id));
    expect(events).toMatchObject([{ provider: 'sandbox', type: 'checkout.session.completed', outcome: 'CREDITED', creditsAdded: 10, accountId: account.id }]);
  });

  it('drops a returnTo that is not a page of this app', async () => {
    const { http } = await buyer(t);
    for (const returnTo of ['//evil.example/x', '/api/user', '/\\evil']) {
      const { checkout } = await sandboxCheckout(http, returnTo);
      expect(checkout.returnTo, returnTo).toBeNull();
    }
    const id = await firstPackageId(http);
    const res = await http.request('GET', `/api/payment/pay/${id}?returnTo=https://evil.example`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
  });

  it('refuses a forged, tampered, stale or missing signature with 400 and writes nothing', async () => {
    const { http, account } = await buyer(t);
    const { sessionId, checkout } = await sandboxCheckout(http);
    const payload = JSON.stringify(sandboxCompletedEvent(sessionId, checkout));
    const secret = t.config.payments.sandboxSecret;
    const cases = [
      ['missing', payload, undefined],
      ['wrong secret', payload, signSandboxPayload(payload, 'x'.repeat(40))],
      ['tampered payload', payload.replace('"amount_total":5400', '"amount_total":5401'), signSandboxPayload(payload, secret)],
      ['stale timestamp', payload, signSandboxPayload(payload, secret, Math.floor(Date.now() / 1000) - 3600)],
      ['timestamp 6 minutes ahead', payload, signSandboxPayload(payload, secret, Math.floor(Date.now() / 1000) + 360)],
      ['garbage', payload, 'nonsense'],
    ] as const;
    for (const [name, body, signature] of cases) {
      const res = await sendWebhook(t, 'sandbox', body, signature);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errorKey, name).toBe('error.payment.signature_invalid');
    }
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.checkoutId, checkout.id))).toHaveLength(0);
    const eventIds = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, JSON.parse(payload).id));
    expect(eventIds).toHaveLength(0);
    expect(await paymentLedger(account.id)).toHaveLength(0);
    expect(await balanceOf(http)).toBe(0);
  });

  it('credits an event delivered twice once', async () => {
    const { http, account } = await buyer(t);
    const { sessionId, checkout } = await sandboxCheckout(http);
    const payload = JSON.stringify(sandboxCompletedEvent(sessionId, checkout));
    const signature = signSandboxPayload(payload, t.config.payments.sandboxSecret);
    const first = await sendWebhook(t, 'sandbox', payload, signature);
    expect(first.json()).toEqual({ received: true, duplicate: false, credited: 10 });
    const second = await sendWebhook(t, 'sandbox', payload, signature);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true, credited: 0 });
    // A second, different event for the same checkout is recorded but credits nothing either.
    const other = JSON.stringify(sandboxCompletedEvent(sessionId, checkout));
    expect((await sendWebhook(t, 'sandbox', other, signSandboxPayload(other, t.config.payments.sandboxSecret))).json()).toEqual({ received: true, duplicate: false, credited: 0 });
    expect(await balanceOf(http)).toBe(10);
    expect(await paymentLedger(account.id)).toHaveLength(1);
    const outcomes = (await t.db.select().from(paymentEvents).where(eq(paymentEvents.checkoutId, checkout.id))).map((e) => e.outcome).sort();
    expect(outcomes).toEqual(['ALREADY_PAID', 'CREDITED']);
  });

  it('credits 20 concurrent deliveries of one event once', async () => {
    const { http, account } = await buyer(t);
    const { sessionId, checkout } = await sandboxCheckout(http);
    const payload = JSON.stringify(sandboxCompletedEvent(sessionId, checkout));
    const signature = signSandboxPayload(payload, t.config.payments.sandboxSecret);
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendWebhook(t, 'sandbox', payload, signature)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(responses.reduce((sum, r) => sum + (r.json().credited as number), 0)).toBe(10);
    expect(await balanceOf(http)).toBe(10);
    expect(await paymentLedger(account.id)).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, JSON.parse(payload).id))).toHaveLength(1);
  });

  it('credits nothing for an unpaid session, a wrong amount or an unknown reference, and records why', async () => {
    const { http, account } = await buyer(t);
    const { sessionId, checkout } = await sandboxCheckout(http);
    const send = async (change: (e: ReturnType<typeof sandboxCompletedEvent>) => void) => {
      const event = sandboxCompletedEvent(sessionId, checkout);
      change(event);
      const payload = JSON.stringify(event);
      const res = await sendWebhook(t, 'sandbox', payload, signSandboxPayload(payload, t.config.payments.sandboxSecret));
      expect(res.statusCode).toBe(200);
      return (await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)))[0]!.outcome;
    };
    expect(await send((e) => (e.data.object.payment_status = 'unpaid'))).toBe('UNPAID');
    expect(await send((e) => (e.data.object.amount_total = 1))).toBe('MISMATCH');
    expect(await send((e) => (e.data.object.currency = 'eur'))).toBe('MISMATCH');
    expect(await send((e) => (e.data.object.client_reference_id = 'unknown-reference-000000'))).toBe('UNKNOWN_CHECKOUT');
    expect(await send((e) => (e.data.object.id = 'sbx_another_session_0000000'))).toBe('UNKNOWN_CHECKOUT');
    expect(await send((e) => (e.type = 'checkout.session.expired'))).toBe('IGNORED_TYPE');
    expect(await paymentLedger(account.id)).toHaveLength(0);
    expect(await balanceOf(http)).toBe(0);
  });
});

describe('GET /api/payment/pay/{id} and /api/payment/checkout/{userReference}: bad input and other accounts', () => {
  it('answers 404 for unknown ids, packages of a product the account lacks, and another account\'s reference or session', async () => {
    const { http } = await buyer(t);
    const unknown = await http.request('GET', '/api/payment/pay/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorKey).toBe('error.not_found');
    const [selection] = await t.db.select().from(paymentConfigurations).where(and(eq(paymentConfigurations.productType, 'BQ_SELECTION'), eq(paymentConfigurations.kind, 'PAY_AS_YOU_GO')));
    expect((await http.request('GET', `/api/payment/pay/${selection!.id}`)).statusCode).toBe(404);

    const other = await buyer(t);
    const { checkout } = await sandboxCheckout(other.http);
    const foreign = await http.request('GET', `/api/payment/checkout/${checkout.userReference}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorKey).toBe('error.not_found');
    expect((await http.request('GET', '/api/payment/checkout/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/sandbox/sbx_does_not_exist_00000' })).statusCode).toBe(404);
    expect((await http.request('POST', '/api/payment/sandbox/sbx_does_not_exist_00000/confirm')).statusCode).toBe(404);
  });

  it('validates ids and references, refuses the enterprise and trial packages (409) and needs a session', async () => {
    const { http } = await buyer(t, { products: ['BQ_ADVISORY_WEALTH'] });
    for (const url of ['/api/payment/pay/not-a-uuid', '/api/payment/checkout/short', '/api/payment/checkout/has%20space%20in%20it%20xxxx', '/api/payment/sandbox/x/confirm']) {
      const res = await http.request(url.endsWith('confirm') ? 'POST' : 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errorKey, url).toBe('error.validation');
    }
    for (const kind of ['ENTERPRISE', 'TRIAL']) {
      const id = (await packagesOf(http, 'BQ_ADVISORY_WEALTH')).configurations.find((c) => c.kind === kind)!.id;
      const res = await http.request('GET', `/api/payment/pay/${id}`);
      expect(res.statusCode, kind).toBe(409);
      expect(res.json().errorKey).toBe('error.payment.not_payable');
    }
    const id = await firstPackageId(http, 'BQ_ADVISORY_WEALTH');
    expect((await t.app.inject({ method: 'GET', url: `/api/payment/pay/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/checkout/AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(401);
    // The sandbox confirmation changes state: the web client's X-Source header is required (CSRF).
    expect((await http.request('POST', '/api/payment/sandbox/sbx_AAAAAAAAAAAAAAAAAAAA/confirm', undefined, { 'x-source': '' })).statusCode).toBe(403);
  });

  it('answers 400 for a webhook of an unknown provider or a non-JSON body, and 404 for Stripe when it is not configured', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/webhook/paypal', headers: { 'content-type': 'application/json' }, payload: '{}' })).json().errorKey).toBe('error.validation');
    const notJson = await t.app.inject({ method: 'POST', url: '/api/payment/webhook/sandbox', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(notJson.statusCode).toBe(415);
    const stripe = await sendWebhook(t, 'stripe', '{}', 't=1,v1=00');
    expect(stripe.statusCode).toBe(404);
  });
});

describe('the Stripe provider, against a local imitation of its API', () => {
  let s: TestApp;
  let imitation: StripeImitation;
  const WEBHOOK_SECRET = 'whsec_test_billing_secret';
  beforeAll(async () => {
    imitation = await startStripeImitation();
    s = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_billing',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: imitation.url,
      PUBLIC_URL: 'https://advice.example.com',
    });
  });
  afterAll(async () => {
    await s.close();
    await imitation.close();
  });

  it('creates a Checkout Session with the package price and the user reference, redirects to it, and credits on the signed webhook', async () => {
    const { http, account } = await buyer(s, { credits: 1 });
    const packages = (await http.request('GET', '/api/payment/configurations?productType=BQ_RISK')).json();
    expect(packages.provider).toBe('stripe');
    const id = packages.configurations.find((c: { credits: number }) => c.credits === 50).id;
    const res = await http.request('GET', `/api/payment/pay/${id}?returnTo=${encodeURIComponent('/BQ_RISK/client/c1/dashboard/i1')}`);
    expect(res.statusCode).toBe(303);
    const [checkout] = await s.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.accountId, account.id));
    expect(res.headers.location).toBe(`https://checkout.stripe.test/c/pay/${checkout!.providerSessionId}`);
    const sent = imitation.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk_test_billing');
    expect(sent.headers['idempotency-key']).toBe(`checkout-${checkout!.id}`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: checkout!.userReference,
      'metadata[userReference]': checkout!.userReference,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '21900',
      success_url: `https://advice.example.com/BQ_RISK/checkout_success/${checkout!.userReference}`,
      cancel_url: `https://advice.example.com/BQ_RISK/credits?returnTo=${encodeURIComponent('/BQ_RISK/client/c1/dashboard/i1')}`,
    });

    const stripe = new Stripe('sk_test_billing');
    const payload = JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: checkout!.providerSessionId, object: 'checkout.session', client_reference_id: checkout!.userReference, payment_status: 'paid', amount_total: 21900, currency: 'usd' } },
    });
    const forged = await sendWebhook(s, 'stripe', payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errorKey).toBe('error.payment.signature_invalid');
    expect(await balanceOf(http)).toBe(1);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    // As Stripe sends it: JSON with a charset parameter.
    const delivered = await s.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      payload,
    });
    expect(delivered.json()).toEqual({ received: true, duplicate: false, credited: 50 });
    expect((await sendWebhook(s, 'stripe', payload, signature)).json()).toEqual({ received: true, duplicate: true, credited: 0 });
    expect(await balanceOf(http)).toBe(51);
    expect((await http.request('GET', `/api/payment/checkout/${checkout!.userReference}`)).json()).toMatchObject({ status: 'PAID', provider: 'stripe', creditBalance: 51 });
  });

  it('refuses an event signed with a timestamp more than 5 minutes ahead, and records nothing', async () => {
    const stripe = new Stripe('sk_test_billing');
    const payload = JSON.stringify({
      id: 'evt_test_future',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_unknown', object: 'checkout.session', client_reference_id: 'nobody', payment_status: 'paid', amount_total: 100, currency: 'usd' } },
    });
    const now = Math.floor(Date.now() / 1000);
    const ahead = await sendWebhook(s, 'stripe', payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now + 360 }));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().errorKey).toBe('error.payment.signature_invalid');
    expect(await s.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_test_future'))).toHaveLength(0);
    // Within the tolerance (clocks a minute apart) the same event is taken.
    const skewed = await sendWebhook(s, 'stripe', payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now + 60 }));
    expect(skewed.statusCode).toBe(200);
    expect(await s.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_test_future'))).toHaveLength(1);
  });

  it('answers 502 when Stripe cannot open a session, and the sandbox is off', async () => {
    const { http } = await buyer(s);
    const id = (await http.request('GET', '/api/payment/configurations?productType=BQ_RISK')).json().configurations[0].id;
    imitation.failWith = 500;
    try {
      const res = await http.request('GET', `/api/payment/pay/${id}`);
      expect(res.statusCode).toBe(502);
      expect(res.json().errorKey).toBe('error.payment.provider_failed');
    } finally {
      imitation.failWith = null;
    }
    expect((await sendWebhook(s, 'sandbox', '{}', signSandboxPayload('{}', s.config.payments.sandboxSecret))).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every payment call with its error keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/payment/configurations',
        '/api/payment/pay/{id}',
        '/api/payment/checkout/{userReference}',
        '/api/payment/sandbox/{sessionId}',
        '/api/payment/sandbox/{sessionId}/confirm',
        '/api/payment/webhook/{provider}',
      ]),
    );
    expect(doc.paths['/api/payment/pay/{id}'].get.responses['303']).toBeDefined();
    expect(doc.paths['/api/payment/pay/{id}'].get.responses['409'].description).toContain('error.payment.not_payable');
    expect(doc.paths['/api/payment/webhook/{provider}'].post.responses['400'].description).toContain('error.payment.signature_invalid');
  });
});

describe('payment configuration', () => {
  it('uses the sandbox outside production, refuses it in production unless enabled, and needs both Stripe secrets', () => {
    expect(loadConfig({}).payments.provider).toBe('sandbox');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments.provider).toBe('stripe');
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://advice.example.com',
      DATABASE_URL: 'postgres://db/x',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      AUDIT_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      AUDIT_CHECKPOINT_DIR: '/srv/shared/audit-checkpoints',
    };
    expect(loadConfig(production).payments.provider).toBeNull();
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_SANDBOX_IN_PRODUCTION/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }).payments.provider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_x' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('the demo buyer', () => {
  it('is seeded once: a bank advisory account without credits and with one locked result', async () => {
    expect(await seedDemoBuyer(t.db)).toBe(true);
    expect(await seedDemoBuyer(t.db)).toBe(false);
    const http = new TestClient(t.app);
    expect((await http.login(DEMO_BUYER.email, DEMO_BUYER.password)).statusCode).toBe(200);
    const me = (await http.request('GET', '/api/user')).json();
    expect(me.creditBalance).toBe(0);
    const locked = await t.db.select().from(interactionInstances).where(eq(interactionInstances.accountId, (await t.db.select().from(users).where(eq(users.email, DEMO_BUYER.email)))[0]!.accountId));
    expect(locked.map((i) => [i.status, i.lockStatus])).toEqual([['RESULTS_AVAILABLE', 'LOCKED']]);
  });
});
