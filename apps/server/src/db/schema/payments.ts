// Buying credits (DESIGN.md section 5, docs/decisions/0024-payments.md): the packages on sale per product type,
// each checkout started at a payment provider, and every provider event received (its id unique: a webhook
// delivered twice is recorded, and credits, once).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CheckoutStatus, Currency, PaymentKind, PaymentProvider } from '@bq/contracts/billing';
import type { ProductType } from '@bq/domain/product-types';
import { accounts } from './accounts';
import { users } from './users';

/** Payment configurations per product type, shared by every account (seeded by the migration). */
export const paymentConfigurations = pgTable(
  'payment_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productType: text('product_type').$type<ProductType>().notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    /** Credits a purchase adds; null for ENTERPRISE (per contract) and TRIAL. */
    credits: integer('credits'),
    /** Prices in cents per currency; null where nothing is paid by card. */
    priceEurCents: integer('price_eur_cents'),
    priceUsdCents: integer('price_usd_cents'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_configurations_product_idx').on(t.productType, t.sortOrder)],
);

/** One checkout started by a user: what is bought, at which price, with which provider, and whether it was paid. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Random, URL-safe (144 bits): the {userReference} of checkout_success and the provider's client_reference_id. */
    userReference: text('user_reference').notNull(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    userId: uuid('user_id').notNull().references(() => users.id),
    paymentConfigurationId: uuid('payment_configuration_id').notNull().references(() => paymentConfigurations.id),
    productType: text('product_type').$type<ProductType>().notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The provider's checkout session id (Stripe cs_..., or the sandbox's own); set once the session exists. */
    providerSessionId: text('provider_session_id'),
    status: text('status').$type<CheckoutStatus>().notNull().default('PENDING'),
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_checkouts_user_reference_uq').on(t.userReference),
    uniqueIndex('payment_checkouts_provider_session_uq').on(t.provider, t.providerSessionId).where(sql`${t.providerSessionId} is not null`),
    index('payment_checkouts_account_idx').on(t.accountId),
    index('payment_checkouts_user_idx').on(t.userId),
    index('payment_checkouts_configuration_idx').on(t.paymentConfigurationId),
  ],
);

/** Every webhook event received, keyed by the provider's event id: the second delivery of one event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The provider's event id (Stripe evt_...). */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    checkoutId: uuid('checkout_id').references(() => paymentCheckouts.id),
    accountId: uuid('account_id').references(() => accounts.id),
    /** What the event did: CREDITED, or why not (IGNORED_TYPE, UNPAID, UNKNOWN_CHECKOUT, ALREADY_PAID, MISMATCH). */
    outcome: text('outcome').notNull(),
    creditsAdded: integer('credits_added').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId),
    index('payment_events_checkout_idx').on(t.checkoutId),
    index('payment_events_account_idx').on(t.accountId),
  ],
);
