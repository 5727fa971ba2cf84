// Sign in with Google: the issuer's subject linked to a user, and the nonces already spent (no token replay).
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const externalIdentities = pgTable(
  'external_identities',
  {
    /** The issuer URL (https://accounts.google.com or the configured GOOGLE_ISSUER). */
    issuer: text('issuer').notNull(),
    /** The token's `sub`: stable at the issuer even when the e-mail address changes. */
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('external_identities_user_idx').on(t.userId)],
);

/** SHA-256 of every nonce an accepted ID token carried, until the token expires: the same token works once. */
export const usedSignInNonces = pgTable(
  'used_sign_in_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_sign_in_nonces_expires_idx').on(t.expiresAt)],
);
