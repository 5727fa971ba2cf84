// GET /api/payment/pay/{id}: a browser navigation that starts a checkout of one package and answers with the
// provider's hosted page to redirect to. The checkout row is written before the provider is asked, so a webhook
// can never arrive for a checkout this server does not know.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BILLING_ERRORS } from '@bq/contracts/billing';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentCheckouts, paymentConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { requireProductConfigurationByType } from '../products/product-access';
import { BUY_CREDITS, buyerCurrency, isPayable, priceOf } from './payment-configurations';
import { createCheckoutSession } from './providers';

/** The purchase choice of a product (web route), where a cancelled checkout returns to. */
export function purchaseChoicePath(productType: string, returnTo: string | null): string {
  return `/${productType}/credits${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
}

export function checkoutSuccessPath(productType: string, userReference: string): string {
  return `/${productType}/checkout_success/${userReference}`;
}

/** A page of this app to come back to, or null (anything else, e.g. another site or an API path, is dropped). */
function safeReturnTo(returnTo: string | undefined): string | null {
  if (!returnTo) return null;
  const safe = safeRedirectPath(returnTo);
  return safe === returnTo ? safe : null;
}

export async function startCheckout(
  db: Db,
  config: Config,
  auth: AuthContext,
  configurationId: string,
  returnTo: string | undefined,
  log: { error: (obj: object, msg: string) => void },
): Promise<string> {
  const [row] = await db.select().from(paymentConfigurations).where(eq(paymentConfigurations.id, configurationId)).limit(1);
  if (!row || !row.active) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  // The account must have the product (404 like an unknown id otherwise) and the caller the right to open results.
  await requireProductConfigurationByType(db, auth, row.productType, BUY_CREDITS);
  if (!isPayable(row)) throw new AppError(BILLING_ERRORS.notPayable, 409, 'This package is not bought by card');
  const provider = config.payments.provider;
  if (!provider) throw new AppError(BILLING_ERRORS.unavailable, 503, 'Card payments are not configured');

  const currency = await buyerCurrency(db, auth.userId);
  const amountCents = priceOf(row, currency)!;
  const userReference = randomBytes(18).toString('base64url');
  const safeReturn = safeReturnTo(returnTo);
  const [checkout] = await db
    .insert(paymentCheckouts)
    .values({
      userReference,
      accountId: auth.accountId,
      userId: auth.userId,
      paymentConfigurationId: row.id,
      productType: row.productType,
      credits: row.credits!,
      amountCents,
      currency,
      provider,
      returnTo: safeReturn,
    })
    .returning({ id: paymentCheckouts.id });
  let session;
  try {
    session = await createCheckoutSession(provider, config, {
      checkoutId: checkout!.id,
      userReference,
      productType: row.productType,
      credits: row.credits!,
      amountCents,
      currency,
      successPath: checkoutSuccessPath(row.productType, userReference),
      cancelPath: purchaseChoicePath(row.productType, safeReturn),
    });
  } catch (err) {
    log.error({ err, checkoutId: checkout!.id }, 'payment provider refused to open a checkout');
    throw new AppError(BILLING_ERRORS.providerFailed, 502, 'The payment provider could not be reached');
  }
  await db.update(paymentCheckouts).set({ providerSessionId: session.sessionId }).where(eq(paymentCheckouts.id, checkout!.id));
  return session.url;
}
