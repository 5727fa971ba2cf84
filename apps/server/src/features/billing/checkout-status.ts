// GET /api/payment/checkout/{userReference}: what the checkout_success page shows: pending until the webhook has
// arrived, then paid with the new balance. Scoped by account: another account's reference is a missing one (404).
import { and, eq } from 'drizzle-orm';
import type { TCheckoutStatus } from '@bq/contracts/billing';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { paymentCheckouts } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { creditBalance } from '../user/user-service';

export async function getCheckoutStatus(db: Db, auth: AuthContext, userReference: string): Promise<TCheckoutStatus> {
  const [checkout] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.userReference, userReference), eq(paymentCheckouts.accountId, auth.accountId)))
    .limit(1);
  if (!checkout) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return {
    userReference: checkout.userReference,
    productType: checkout.productType,
    status: checkout.status,
    provider: checkout.provider,
    credits: checkout.credits,
    price: { amountMinor: checkout.amountCents, currency: checkout.currency },
    creditBalance: await creditBalance(db, auth.accountId),
    returnTo: checkout.returnTo,
    createdAt: checkout.createdAt.toISOString(),
    paidAt: checkout.paidAt?.toISOString() ?? null,
  };
}
