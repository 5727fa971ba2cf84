// SCIM provisioning (docs/decisions/0047): one bearer token per account for the company's directory; only its SHA-256.
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const scimTokens = pgTable(
  'scim_tokens',
  {
    /** One token per account: issuing a new one replaces the row (the old token stops working at once). */
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The admin who issued it (no foreign key: the user may be deleted, the fact stays). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last call made with it, written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_token_hash_uq').on(t.tokenHash)],
);
