// Accounts (tenants), their product configurations and the credit ledger.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AccountType, PlanType, ProductType } from '@bq/domain/product-types';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').$type<AccountType>().notNull(),
  /** Resource limit BQ_USER_COUNT: how many clients the account may have; null = unlimited. */
  maxClients: integer('max_clients'),
  /** When an admin required a second factor of all evaluators (docs/decisions/0042); null: not required. */
  secondFactorRequiredSince: timestamp('second_factor_required_since', { withTimezone: true }),
  /** Days after secondFactorRequiredSince (or a later user's creation) that password-only sign-in still gets in (0-30). */
  secondFactorGraceDays: integer('second_factor_grace_days').notNull().default(0),
  /** Where the daily signed checkpoint of the account's audit chain is mailed (docs/decisions/0039); null: nowhere. */
  auditComplianceEmail: text('audit_compliance_email'),
  /** Questionnaires show one question per screen below 480 px wide (docs/decisions/0054); on by default. */
  questionnaireOneQuestionPerScreen: boolean('questionnaire_one_question_per_screen').notNull().default(true),
  /** Off: every public start link of the account answers as an unknown one; the links stay (0092 addendum, migration 0072). */
  publicLinksEnabled: boolean('public_links_enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productConfigurations = pgTable(
  'product_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    productType: text('product_type').$type<ProductType>().notNull(),
    planType: text('plan_type').$type<PlanType>().notNull().default('BASIC'),
    /** A TRIAL plan runs until then; from then on new questionnaires start LOCKED (docs/decisions/0038). */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** Resource limit BQ_INTERACTION_COUNT: how many instances of the product's interaction may be sent; null = unlimited. */
    maxInstances: integer('max_instances'),
    /** How many days a new invitation link (/q/{token}) stays valid unless the adviser chooses otherwise. */
    invitationValidDays: integer('invitation_valid_days').notNull().default(30),
    /**
     * How many days a result's report links work for people who are not signed in: the public report pages by
     * instance token (counted from when the result opened) and mailed download links. Null: REPORT_LINK_DAYS.
     */
    reportLinkDays: integer('report_link_days'),
    /** Risk products: months after a client's latest result when the yearly review falls due; 0: no reviews (decision 0093). */
    reviewEveryMonths: integer('review_every_months').notNull().default(12),
    /** Risk products: days before a review falls due when the adviser is told (mail, webhook review.due). */
    reviewNoticeDays: integer('review_notice_days').notNull().default(14),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_configurations_account_product_uq').on(t.accountId, t.productType),
    check('product_configurations_invitation_valid_days_ck', sql`${t.invitationValidDays} between 1 and 365`),
    check('product_configurations_report_link_days_ck', sql`${t.reportLinkDays} between 1 and 365`),
    check('product_configurations_review_every_months_ck', sql`${t.reviewEveryMonths} between 0 and 60`),
    check('product_configurations_review_notice_days_ck', sql`${t.reviewNoticeDays} between 0 and 90`),
  ],
);

/** Every credit movement is a row; the balance is their sum (DESIGN.md section 5). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** What caused the movement (payment id, unlocked instance token, seed); unique per reason to make it idempotent. */
    reference: text('reference'),
    /** The evaluator whose action moved the credits (an unlock); null for payments and seeds. */
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_account_idx').on(t.accountId),
    uniqueIndex('credit_ledger_reason_reference_uq').on(t.reason, t.reference).where(sql`${t.reference} is not null`),
  ],
);

/**
 * The sum of an account's ledger, kept by a trigger on credit_ledger in the same transaction (migration 0048): read
 * on every page load and at every unlock, where summing the ledger grew with the account's history.
 */
export const creditBalances = pgTable('credit_balances', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  balance: bigint('balance', { mode: 'number' }).notNull(),
});
