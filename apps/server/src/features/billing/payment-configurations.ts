// GET /api/payment/configurations?productType=: the packages on sale for one product type, priced in the buyer's
// currency. Everyone who may open results of the product (INDIVIDUAL_RESULTS/READ in its realm) sees the prices; buying
// needs BUY_CREDITS (docs/decisions/0031).
import { and, asc, eq } from 'drizzle-orm';
import type { Currency, TPaymentConfiguration, TPaymentConfigurationsResponse } from '@bq/contracts/billing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import type { ProductAccessCheck, ProductConfigurationRow } from '../products/product-access';
import { creditBalance, userLocale } from '../user/user-service';
import { trialEndOf } from '../credits/wealth-trial';

/** Seeing the packages and their prices: whoever may open results of the product. */
export const SEE_PRICES = { entity: 'INDIVIDUAL_RESULTS', action: 'READ' } as const satisfies ProductAccessCheck;

/**
 * Starting a checkout commits the account's money: INDIVIDUAL_RESULTS/CREATE in the product's realm (credits exist to
 * open results; a READ-only user or credential may look, not buy). Declared on the route, checked in the service.
 */
export const BUY_CREDITS = { entity: 'INDIVIDUAL_RESULTS', action: 'CREATE' } as const satisfies ProductAccessCheck;

export type PaymentConfigurationRow = typeof paymentConfigurations.$inferSelect;

/**
 * Accounts have no currency of their own yet: the buyer's language decides it, as spec section 1 pairs them
 * (EN_US dollar; DE_DE and EN_UK euro). A user without a saved language uses the default EN_US.
 */
export async function buyerCurrency(db: Db, userId: string): Promise<Currency> {
  const locale = (await userLocale(db, userId)) ?? 'EN_US';
  return locale === 'EN_US' ? 'USD' : 'EUR';
}

export function priceOf(row: PaymentConfigurationRow, currency: Currency): number | null {
  return currency === 'USD' ? row.priceUsdCents : row.priceEurCents;
}

export function isPayable(row: PaymentConfigurationRow): boolean {
  return row.kind === 'PAY_AS_YOU_GO' && row.active && row.credits !== null && row.credits > 0 && row.priceEurCents !== null && row.priceUsdCents !== null;
}

export async function listPaymentConfigurations(
  db: Db,
  config: Config,
  auth: AuthContext,
  /** The account's product of the query's productType, SEE_PRICES checked in its realm by the route. */
  product: ProductConfigurationRow,
): Promise<TPaymentConfigurationsResponse> {
  const productType = product.productType;
  const currency = await buyerCurrency(db, auth.userId);
  const rows = await db
    .select()
    .from(paymentConfigurations)
    .where(and(eq(paymentConfigurations.productType, productType), eq(paymentConfigurations.active, true)))
    .orderBy(asc(paymentConfigurations.sortOrder), asc(paymentConfigurations.credits));
  const configurations: TPaymentConfiguration[] = rows.map((row) => {
    const amount = priceOf(row, currency);
    return {
      id: row.id,
      productType: row.productType,
      kind: row.kind,
      credits: row.credits,
      price: amount === null ? null : { amountMinor: amount, currency },
      payable: isPayable(row) && config.payments.provider !== null,
    };
  });
  return {
    productType,
    currency,
    provider: config.payments.provider,
    creditBalance: await creditBalance(db, auth.accountId),
    configurations,
    salesContactEmail: config.SALES_CONTACT_EMAIL,
    trialEndsAt: trialEndOf(product),
  };
}
