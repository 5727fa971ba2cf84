// The two payment providers behind GET /api/payment/pay/{id}: Stripe Checkout through the official library, and
// the built-in sandbox (no card data; its hosted page is ours). Both answer with a session id and the page to
// send the browser to; both report payment by a signed webhook that the same code verifies (webhook.ts).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentProvider } from '@bq/contracts/billing';
import type { Config } from '../../config';

export interface CheckoutRequest {
  checkoutId: string;
  userReference: string;
  productType: string;
  credits: number;
  amountCents: number;
  currency: 'EUR' | 'USD';
  /** Absolute URLs for Stripe; the sandbox uses the paths. */
  successPath: string;
  cancelPath: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes next: Stripe's hosted page, or the sandbox page of this app (a path). */
  url: string;
}

const stripeClients = new WeakMap<Config, Stripe>();

/** One Stripe client per configuration; STRIPE_API_URL points it elsewhere (a local imitation in tests). */
export function stripeClient(config: Config): Stripe {
  let client = stripeClients.get(config);
  if (!client) {
    if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
    stripeClients.set(config, client);
  }
  return client;
}

async function createStripeSession(config: Config, request: CheckoutRequest): Promise<CheckoutSession> {
  const session = await stripeClient(config).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amountCents,
            product_data: { name: `${request.credits} credits (${request.productType})` },
          },
        },
      ],
      client_reference_id: request.userReference,
      metadata: { userReference: request.userReference, productType: request.productType, credits: String(request.credits) },
      success_url: `${config.publicUrl}${request.successPath}`,
      cancel_url: `${config.publicUrl}${request.cancelPath}`,
    },
    // A retried create (network failure) must not open a second session for the same checkout.
    { idempotencyKey: `checkout-${request.checkoutId}` },
  );
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { sessionId: session.id, url: session.url };
}

function createSandboxSession(): CheckoutSession {
  const sessionId = `sbx_${randomBytes(18).toString('base64url')}`;
  return { sessionId, url: `/sandbox-checkout/${sessionId}` };
}

export async function createCheckoutSession(provider: PaymentProvider, config: Config, request: CheckoutRequest): Promise<CheckoutSession> {
  return provider === 'stripe' ? createStripeSession(config, request) : createSandboxSession();
}
