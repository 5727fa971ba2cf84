// API credentials of an account: the Bearer secret is stored only as its SHA-256 (unique, the per-request lookup).
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const apiCredentials = pgTable(
  'api_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    /** The user who created it; the credential acts with this user's permissions (docs/decisions/0025). */
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    /** Hex SHA-256 of the secret; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** From then on the credential is refused like an unknown one (docs/decisions/0072): at most a year after creation. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when revoked; a revoked credential is refused and no longer listed, the row stays for the audit. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_credentials_secret_hash_uq').on(t.secretHash),
    index('api_credentials_account_idx').on(t.accountId).where(sql`${t.revokedAt} is null`),
    index('api_credentials_user_idx').on(t.userId),
  ],
);
