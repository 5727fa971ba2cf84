// Anonymisation (spec sections 3 and 5, docs/decisions/0021): each evaluator's allow-list per product configuration
// (the clients they see by name when the list is enabled), the switch, the account's k floor for aggregates, and a
// stable running number per client ("Client 12") kept by a database trigger (see the migration's hand-written block).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, productConfigurations } from './accounts';
import { clients } from './clients';
import { users } from './users';

/** The evaluator's own switch (GET /api/user anonymizationAllowListEnabled). */
export const anonymisationUserSettings = pgTable(
  'anonymisation_user_settings',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    allowListEnabled: boolean('allow_list_enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('anonymisation_user_settings_account_idx').on(t.accountId)],
);

/** Per account: the k floor (default 5, never below 3) and the last running number handed to a client. */
export const accountAnonymisation = pgTable(
  'account_anonymisation',
  {
    accountId: uuid('account_id').primaryKey().references(() => accounts.id),
    anonymityK: integer('anonymity_k').notNull().default(5),
    lastClientNumber: integer('last_client_number').notNull().default(0),
  },
  (t) => [check('account_anonymisation_k_ck', sql`${t.anonymityK} >= 3 and ${t.anonymityK} <= 100`)],
);

/** A client's running number within its account, given once at creation (trigger) and never reused. */
export const clientNumbers = pgTable(
  'client_numbers',
  {
    clientId: uuid('client_id').primaryKey().references(() => clients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    number: integer('number').notNull(),
  },
  (t) => [uniqueIndex('client_numbers_account_number_uq').on(t.accountId, t.number)],
);

/** The allow-list: the clients an evaluator sees by name in one product configuration. */
export const anonymizationAllowList = pgTable(
  'anonymization_allow_list',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productConfigurationId, t.clientId] }),
    index('anonymization_allow_list_client_idx').on(t.clientId),
    index('anonymization_allow_list_config_idx').on(t.productConfigurationId),
    index('anonymization_allow_list_account_idx').on(t.accountId),
  ],
);
