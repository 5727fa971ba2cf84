// The built-in sandbox provider (no card data, no real payment; refused in production unless enabled): its hosted
// page reads the session here, and confirming it sends a signed webhook to /api/payment/webhook/sandbox, the same
// verification and crediting code that Stripe's webhooks go through. The session id in the URL is the credential,
// as with a provider's hosted page.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TSandboxConfirmResponse, TSandboxSession } from '@bq/contracts/billing';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentCheckouts } from '../../db/schema';
import { checkoutSuccessPath, purchaseChoicePath } from './start-checkout';

type CheckoutRow = typeof paymentCheckouts.$inferSelect;

async function requireSandboxCheckout(db: Db, config: Config, sessionId: string): Promise<CheckoutRow> {
  if (config.payments.provider !== 'sandbox') throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const [checkout] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.provider, 'sandbox'), eq(paymentCheckouts.providerSessionId, sessionId)))
    .limit(1);
  if (!checkout) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return checkout;
}

export async function getSandboxSession(db: Db, config: Config, sessionId: string): Promise<TSandboxSession> {
  const checkout = await requireSandboxCheckout(db, config, sessionId);
  return {
    sessionId,
    productType: checkout.productType,
    credits: checkout.credits,
    price: { amountMinor: checkout.amountCents, currency: checkout.currency },
    status: checkout.status,
    successPath: checkoutSuccessPath(checkout.productType, checkout.userReference),
    cancelPath: purchaseChoicePath(checkout.productType, checkout.returnTo),
  };
}

/** Stripe's signature scheme: t=<unix seconds>,v1=HMAC-SHA256(secret, "<t>.<payload>") in hex. */
export function signSandboxPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The event the sandbox "provider" sends when the buyer confirms: shaped like Stripe's checkout.session.completed. */
export function sandboxCompletedEvent(sessionId: string, checkout: CheckoutRow) {
  return {
    id: `evt_sbx_${randomBytes(18).toString('base64url')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: checkout.userReference,
        payment_status: 'paid',
        amount_total: checkout.amountCents,
        currency: checkout.currency.toLowerCase(),
      },
    },
  };
}

export async function confirmSandboxSession(
  db: Db,
  config: Config,
  sessionId: string,
  /** Delivers a signed webhook the way a provider would (an HTTP request to this app); resolves to the status code. */
  deliver: (payload: string, signature: string) => Promise<number>,
): Promise<TSandboxConfirmResponse> {
  const checkout = await requireSandboxCheckout(db, config, sessionId);
  const redirectTo = checkoutSuccessPath(checkout.productType, checkout.userReference);
  if (checkout.status === 'PAID') return { redirectTo };
  const payload = JSON.stringify(sandboxCompletedEvent(sessionId, checkout));
  const status = await deliver(payload, signSandboxPayload(payload, config.payments.sandboxSecret));
  if (status !== 200) throw new AppError(ERROR_KEYS.general, 500, `The sandbox webhook answered ${status}`);
  return { redirectTo };
}
