// Buying credits (DESIGN.md section 5, docs/decisions/0024-payments.md): payment configurations per product type,
// a hosted checkout (Stripe, or the built-in sandbox), and the checkout's status for the checkout_success page.
import { z } from 'zod';
import { PRODUCT_TYPES } from '@bq/domain/product-types';

export const PAYMENT_KINDS = ['PAY_AS_YOU_GO', 'ENTERPRISE', 'TRIAL'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const BILLING_ERRORS = {
  notPayable: 'error.payment.not_payable',
  unavailable: 'error.payment.unavailable',
  providerFailed: 'error.payment.provider_failed',
  signatureInvalid: 'error.payment.signature_invalid',
} as const;

/** A page path of this app to come back to after buying (e.g. the locked result); checked on the server. */
const ZReturnTo = z.string().min(1).max(2048).startsWith('/');

// No meta id: a query schema must stay inline for OpenAPI (a $ref there cannot be resolved).
export const ZPaymentConfigurationsQuery = z.object({ productType: z.enum(PRODUCT_TYPES) });
export type TPaymentConfigurationsQuery = z.infer<typeof ZPaymentConfigurationsQuery>;

export const ZPrice = z
  .object({
    /** In the currency's minor unit (cents). */
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'Price' });
export type TPrice = z.infer<typeof ZPrice>;

export const ZPaymentConfiguration = z
  .object({
    id: z.uuid(),
    productType: z.enum(PRODUCT_TYPES),
    kind: z.enum(PAYMENT_KINDS),
    /** Credits a purchase adds; null for enterprise (agreed per contract) and the trial (results open without credits). */
    credits: z.number().int().nullable(),
    /** Price in the account's currency; null where nothing is paid by card. */
    price: ZPrice.nullable(),
    /** Whether GET /api/payment/pay/{id} starts a card checkout for it. */
    payable: z.boolean(),
  })
  .meta({ id: 'PaymentConfiguration' });
export type TPaymentConfiguration = z.infer<typeof ZPaymentConfiguration>;

export const ZPaymentConfigurationsResponse = z
  .object({
    productType: z.enum(PRODUCT_TYPES),
    currency: z.enum(CURRENCIES),
    /** Who takes card payments: stripe, the sandbox (no real payment), or null when payments are off. */
    provider: z.enum(PAYMENT_PROVIDERS).nullable(),
    creditBalance: z.number().int(),
    configurations: z.array(ZPaymentConfiguration),
    /** Whom to ask for the enterprise package (SALES_CONTACT_EMAIL, default sales@{host}). */
    salesContactEmail: z.string(),
    /** When the account's trial of this product ends (or ended); null when the product is not on a trial plan. */
    trialEndsAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PaymentConfigurationsResponse' });
export type TPaymentConfigurationsResponse = z.infer<typeof ZPaymentConfigurationsResponse>;

export const ZPayParams = z.object({ id: z.uuid() });
export const ZPayQuery = z.object({ returnTo: ZReturnTo.optional() });

export const CHECKOUT_STATUSES = ['PENDING', 'PAID'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A user reference: the checkout's own random id (128+ bits, URL-safe), named in the checkout_success URL. */
export const ZUserReference = z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/);

export const ZCheckoutParams = z.object({ userReference: ZUserReference });

export const ZCheckoutStatus = z
  .object({
    userReference: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    status: z.enum(CHECKOUT_STATUSES),
    provider: z.enum(PAYMENT_PROVIDERS),
    credits: z.number().int(),
    price: ZPrice,
    /** The account's balance now (including the purchase once PAID). */
    creditBalance: z.number().int(),
    /** Where the buyer came from (e.g. the locked result), or null. */
    returnTo: z.string().nullable(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CheckoutStatus' });
export type TCheckoutStatus = z.infer<typeof ZCheckoutStatus>;

/** The sandbox provider's hosted page (no card data; the session id in the URL is the credential). */
export const ZSandboxSessionParams = z.object({ sessionId: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) });

export const ZSandboxSession = z
  .object({
    sessionId: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    credits: z.number().int(),
    price: ZPrice,
    status: z.enum(CHECKOUT_STATUSES),
    /** Where the buyer goes after paying: {productName}/checkout_success/{userReference}. */
    successPath: z.string(),
    /** Where the buyer goes on cancel: the purchase choice. */
    cancelPath: z.string(),
  })
  .meta({ id: 'SandboxSession' });
export type TSandboxSession = z.infer<typeof ZSandboxSession>;

export const ZSandboxConfirmResponse = z.object({ redirectTo: z.string() }).meta({ id: 'SandboxConfirmResponse' });
export type TSandboxConfirmResponse = z.infer<typeof ZSandboxConfirmResponse>;

export const ZWebhookParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
export const ZWebhookResponse = z
  .object({
    received: z.literal(true),
    /** The event was delivered before and changed nothing this time. */
    duplicate: z.boolean(),
    /** Credits this delivery added (0 for a duplicate or an event that credits nothing). */
    credited: z.number().int(),
  })
  .meta({ id: 'WebhookResponse' });
export type TWebhookResponse = z.infer<typeof ZWebhookResponse>;
