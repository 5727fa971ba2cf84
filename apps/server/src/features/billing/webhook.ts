// POST /api/payment/webhook/{stripe|sandbox}: the one code path by which money becomes credits. The signature is
// checked first (Stripe's scheme, HMAC-SHA256 over "timestamp.payload", by the Stripe library for both providers);
// then, in ONE transaction, the event is recorded under its provider event id (unique) and, if it is the first
// delivery of a paid checkout, the ledger gets its row. A second delivery of the same event finds the id taken and
// changes nothing; concurrent deliveries wait on the unique index and then find it taken.
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { BILLING_ERRORS, type PaymentProvider, type TWebhookResponse } from '@bq/contracts/billing';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { creditLedger, paymentCheckouts, paymentEvents } from '../../db/schema';

export const PAYMENT_LEDGER_REASON = 'PAYMENT';

/** The header carrying the signature, per provider. */
export const SIGNATURE_HEADER: Record<PaymentProvider, string> = { stripe: 'stripe-signature', sandbox: 'x-sandbox-signature' };

/** Events that mean "this checkout is paid". */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const ZEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const ZSession = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});

function webhookSecret(provider: PaymentProvider, config: Config): string {
  if (provider === 'stripe') {
    if (!config.STRIPE_WEBHOOK_SECRET) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    return config.STRIPE_WEBHOOK_SECRET;
  }
  if (config.payments.provider !== 'sandbox') throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return config.payments.sandboxSecret;
}

/** How far a signature's timestamp may be from this server's clock, either way (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The t= of a Stripe-scheme signature header, in unix seconds (null when absent or not a number). */
function signedAt(signature: string): number | null {
  const t = signature.split(',').find((part) => part.trim().startsWith('t='))?.trim().slice(2);
  return t && /^\d{1,12}$/.test(t) ? Number(t) : null;
}

/**
 * The verified event, or 400 error.payment.signature_invalid (missing, forged, for another secret, or stamped more than
 * WEBHOOK_TOLERANCE_SECONDS before or after now).
 */
export function verifyWebhook(provider: PaymentProvider, config: Config, rawBody: string, signature: string | undefined): z.infer<typeof ZEvent> {
  const secret = webhookSecret(provider, config);
  if (!signature) throw new AppError(BILLING_ERRORS.signatureInvalid, 400, 'Signature missing');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError(BILLING_ERRORS.signatureInvalid, 400, 'Signature not valid');
  }
  // The library refuses only old timestamps: one from the future would stay replayable until long after it was sent.
  const stamp = signedAt(signature);
  if (stamp === null || stamp > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError(BILLING_ERRORS.signatureInvalid, 400, 'Signature timestamp is in the future');
  }
  const parsed = ZEvent.safeParse(event);
  if (!parsed.success) throw new AppError(ERROR_KEYS.validation, 400, 'Not an event');
  return parsed.data;
}

type Outcome = 'CREDITED' | 'IGNORED_TYPE' | 'UNPAID' | 'UNKNOWN_CHECKOUT' | 'ALREADY_PAID' | 'MISMATCH';

export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: z.infer<typeof ZEvent>,
  log: { warn: (obj: object, msg: string) => void },
): Promise<TWebhookResponse> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, type: event.type, outcome: 'RECEIVED' })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!recorded) return { received: true, duplicate: true, credited: 0 };

    let outcome: Outcome = 'IGNORED_TYPE';
    let checkoutId: string | null = null;
    let accountId: string | null = null;
    let credited = 0;
    const session = PAID_EVENTS.has(event.type) ? ZSession.safeParse(event.data.object) : null;
    if (session?.success) {
      const reference = session.data.client_reference_id;
      // Locked: two different events for one checkout (completed, then async succeeded) credit it once.
      const [checkout] = reference
        ? await tx
            .select()
            .from(paymentCheckouts)
            .where(and(eq(paymentCheckouts.provider, provider), eq(paymentCheckouts.userReference, reference)))
            .for('update')
        : [];
      if (!checkout || (checkout.providerSessionId !== null && checkout.providerSessionId !== session.data.id)) {
        outcome = 'UNKNOWN_CHECKOUT';
      } else {
        checkoutId = checkout.id;
        accountId = checkout.accountId;
        if (session.data.payment_status !== 'paid') outcome = 'UNPAID';
        else if (session.data.amount_total !== checkout.amountCents || session.data.currency?.toUpperCase() !== checkout.currency) {
          outcome = 'MISMATCH';
        } else if (checkout.status === 'PAID') outcome = 'ALREADY_PAID';
        else {
          await tx.insert(creditLedger).values({
            accountId: checkout.accountId,
            delta: checkout.credits,
            reason: PAYMENT_LEDGER_REASON,
            reference: checkout.id,
          });
          await tx.update(paymentCheckouts).set({ status: 'PAID', paidAt: sql`now()` }).where(eq(paymentCheckouts.id, checkout.id));
          outcome = 'CREDITED';
          credited = checkout.credits;
        }
      }
      if (outcome !== 'CREDITED' && outcome !== 'ALREADY_PAID' && outcome !== 'UNPAID') {
        log.warn({ provider, eventId: event.id, outcome, checkoutId }, 'payment event credited nothing');
      }
    }
    await tx.update(paymentEvents).set({ outcome, checkoutId, accountId, creditsAdded: credited }).where(eq(paymentEvents.id, recorded.id));
    return { received: true, duplicate: false, credited };
  });
}
