// Single sign-on per account (docs/decisions/0046): the account's OpenID Connect provider and its claimed e-mail domains.
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const ssoConnections = pgTable(
  'sso_connections',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM under DATA_ENCRYPTION_KEY (plugins/data-encryption.ts), bound to the account id. */
    clientSecretEncrypted: text('client_secret_encrypted'),
    signOnRequired: boolean('sign_on_required').notNull().default(false),
    /** The one user of the account who keeps the password while sign-on is required. */
    breakGlassUserId: uuid('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_connections_break_glass_idx').on(t.breakGlassUserId)],
);

/** A domain is claimed by one account at most (primary key); it routes no one until an operator confirmed it. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_domains_account_idx').on(t.accountId), index('sso_domains_confirmed_by_idx').on(t.confirmedBy)],
);
