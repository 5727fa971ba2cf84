// Clients (the spec's bq_user / participant) and their interaction instances. The foundation needs the
// instances' expiry for the menu's reminder counts; the clients issue fills in the rest of the lifecycle.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TRiskSection } from '@bq/contracts/dashboard';
import type { TResultPortfolioCheck } from '@bq/contracts/portfolio';
import type { ClientGroup, ClientSource, Salutation } from '@bq/domain/client-rules';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { AppliedRule, ConsistencyDirection, ConsistencyReason } from '@bq/scoring/risk';

/** What the calculation stores with an instance; enough to show and to reproduce how a result came about. */
export interface InstanceResults {
  interactionId: string;
  definitionVersion: number;
  normVersion: string;
  normStatus?: 'PROVISIONAL' | 'EMPIRICAL';
  algorithmVersion: string;
  calculatedAt: string;
  /** SHA-256 of the answers and definition version, so a result can be shown to match its evidence. */
  answersHash: string;
  /** Per dimension: raw mean and, when computable, its norm scores (z, T, stanine, percentile, 95 % band). */
  dimensions: {
    key: string;
    raw: number | null;
    answered: number;
    itemCount: number;
    computable: boolean;
    z?: number | null;
    t?: number | null;
    tDisplay?: number | null;
    stanine?: number | null;
    percentile?: number | null;
    band?: { sem: number; semT: number; raw: { low: number; high: number }; t: { low: number; high: number } } | null;
  }[];
  /** Risk products: the class, the caps that lowered it, the consistency check and the model portfolio. */
  risk?: {
    toleranceScore: number;
    toleranceClass: number;
    caps: { dimension: string; score: number | null; maxClass: number; lowers: boolean; assumed: boolean }[];
    /** Definitions of version 2 (decision 0013): the hard rules on single answers and the knowledge test, as applied. */
    rules?: AppliedRule[];
    knowledge?: { asked: number; failed: { item: string; explainKey: string }[] };
    capClass: number;
    suitableClass: number;
    capacityAllowedClass: number | null;
    selfEstimate: number | null;
    /** Version 1 results: up to two legacy reasons; version 2: at most one, with its direction. */
    consistency: { flagged: boolean; reasons: ConsistencyReason[]; direction?: ConsistencyDirection | null };
    /** cashShare is missing in results calculated before the cash-like part existed (read as 0). */
    portfolio: { riskClass: number; equityShare: number; bondShare: number; cashShare?: number };
  } | null;
  /**
   * Risk products: the BQA_RISK section (windows, drawdown, chart series, market-data version), computed with the
   * result and kept, so a later market-history import never changes it (decision 0014). Missing in results from
   * before it was stored: written once at their first view.
   */
  riskSection?: TRiskSection | null;
  /**
   * Risk products: the client's current portfolio checked against this result's suitable class (decision 0091),
   * written at the first dashboard view after a portfolio was saved and kept for that portfolio.
   */
  portfolioCheck?: (TResultPortfolioCheck & { portfolioId: string }) | null;
  /**
   * Products that predict: written in the PREDICTING step. Since decision 0014 a rule-based indication within the
   * suitable risk class (method RULE_BASED, no probability); results from before have a softmax probability
   * instead, and are read by applying the same rules to their stored z-scores.
   */
  prediction?: {
    modelId: string;
    modelVersion: number;
    method?: 'RULE_BASED';
    predictedClass: string;
    /** The best-scoring class of all when the suitable risk class ruled it out; else null. */
    unconstrainedClass?: string | null;
    suitableClass?: number | null;
    scores?: { key: string; score: number; allowed: boolean }[];
    /** Before decision 0014 only. */
    probability?: number;
    probabilities?: { key: string; probability: number }[];
    factors: { feature: string; value: number; weight: number; contribution: number }[];
  } | null;
}
import type { Locale } from '@bq/domain/locales';
import { accounts, productConfigurations } from './accounts';
import { users } from './users';

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    /** Random, URL-safe, >= 128 bits; the only identifier that leaves the server. */
    token: text('token').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased: one client per e-mail and account. */
    email: text('email').notNull(),
    phone: text('phone'),
    clientGroup: text('client_group').$type<ClientGroup>().notNull().default('PROSPECT'),
    locale: text('locale').$type<Locale>().notNull().default('EN_US'),
    /** How mails greet the client (migration 0021). */
    salutation: text('salutation').$type<Salutation>().notNull().default('NEUTRAL'),
    /** The client's number in the adviser's own system, from an import (migration 0036); one per account. */
    externalId: text('external_id'),
    createdBy: uuid('created_by').references(() => users.id),
    /** WEBSITE: came through a public start link (migration 0072); null: created or imported by an adviser. */
    source: text('source').$type<ClientSource>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the client's identity was erased (GDPR Art. 17, features/data-rights); the row stays as a pseudonym. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * What the client search matches names against: lower(first || ' ' || last), kept by the database. Stored, so
     * a search that reads many rows compares ready lower-cased text (ILIKE lower-cases both sides on every row);
     * a trigram index on it (migration 0008) finds the rows of a selective search.
     */
    searchName: text('search_name').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
  },
  (t) => [
    uniqueIndex('clients_account_email_uq').on(t.accountId, t.email),
    uniqueIndex('clients_account_external_id_uq').on(t.accountId, t.externalId).where(sql`${t.externalId} is not null`),
    index('clients_created_by_idx').on(t.createdBy),
    // The client list's sorts by name and by creation, read in order (features/clients/list-clients.ts).
    index('clients_account_name_idx').on(t.accountId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('clients_account_created_idx').on(t.accountId, t.createdAt, t.id),
  ],
);

/**
 * A client's membership in a product configuration; deactivating is per product. The latest_instance_* and
 * last_activity_at columns are kept by database triggers (migration 0008, docs/decisions/0017), never by the
 * application: the client list sorts, filters and counts on them without looking at every client's instances.
 */
export const clientProducts = pgTable(
  'client_products',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Trigger-kept: the client's most recently created instance in this configuration (no foreign key: a cache). */
    latestInstanceId: uuid('latest_instance_id'),
    /** Trigger-kept: that instance's status. */
    latestInstanceStatus: text('latest_instance_status').$type<InteractionStatus>(),
    /** Trigger-kept: that instance's updated_at, or the client's updated_at when it has none (the list's "last activity"). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_products_client_config_uq').on(t.clientId, t.productConfigurationId),
    index('client_products_config_idx').on(t.productConfigurationId),
    // The client list's total without a search: counted from this index alone (features/clients/list-clients.ts).
    index('client_products_config_status_idx').on(t.productConfigurationId, t.active, t.latestInstanceStatus),
    index('client_products_account_idx').on(t.accountId),
  ],
);

export const interactionInstances = pgTable(
  'interaction_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    token: text('token').notNull().unique(),
    clientId: uuid('client_id').notNull().references(() => clients.id),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    initiatorId: uuid('initiator_id').references(() => users.id),
    interactionId: text('interaction_id').notNull(),
    status: text('status').$type<InteractionStatus>().notNull().default('NEW'),
    lockStatus: text('lock_status').$type<'LOCKED' | 'UNLOCKED' | 'TRIAL'>().notNull().default('LOCKED'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    autoReminder: boolean('auto_reminder').notNull().default(true),
    autoSendReport: boolean('auto_send_report').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    /** The participant's answers so far: item key -> scale value or option key. */
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull().default({}),
    /** Version of the interaction definition the answers were given to. */
    definitionVersion: integer('definition_version'),
    /** Calculated results (see features/calculation); null until calculated. */
    results: jsonb('results').$type<InstanceResults>(),
    /** Why the calculation failed (status ERROR / PREDICTION_ERROR), for the adviser's message. */
    errorKey: text('error_key'),
    /** When and by whom a LOCKED result was unlocked with a credit (the ledger row references the token). */
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    unlockedBy: uuid('unlocked_by').references(() => users.id),
    /** Mail: when the invitation was last e-mailed, how many auto reminders went out and when the last one did. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    /** When the auto report mail was queued (once per result). */
    reportSentAt: timestamp('report_sent_at', { withTimezone: true }),
    /** A yearly review: the result whose answers it started from (decision 0093); null for any other questionnaire. */
    reviewOf: uuid('review_of').references((): AnyPgColumn => interactionInstances.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interaction_instances_account_expires_idx').on(t.accountId, t.expiresAt),
    index('interaction_instances_review_of_idx').on(t.reviewOf).where(sql`${t.reviewOf} is not null`),
    index('interaction_instances_client_idx').on(t.clientId),
    // The latest instance of a client in a configuration, for the activity triggers and the client profile.
    index('interaction_instances_client_config_created_idx').on(t.clientId, t.productConfigurationId, t.createdAt.desc(), t.id.desc()),
    index('interaction_instances_product_config_idx').on(t.productConfigurationId),
    index('interaction_instances_initiator_idx').on(t.initiatorId),
    index('interaction_instances_unlocked_by_idx').on(t.unlockedBy),
  ],
);
