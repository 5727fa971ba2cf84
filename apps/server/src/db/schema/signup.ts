// Sign-up and password recovery: single-use reset links (only the SHA-256 of the token is stored) and the request
// log that rate-limits sign-up and reset requests per address (hashed) and per IP, whether or not the address
// belongs to anyone (docs/decisions/0023-signup-and-recovery.md).
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export type AuthRequestKind = 'SIGNUP' | 'PASSWORD_RESET' | 'GOOGLE_SIGN_IN' | 'SSO_SIGN_IN' | 'SAMPLE_REPORT';

/** One row per sign-up or reset request, for the rate limits; rows older than the window are purged. */
export const authRequests = pgTable(
  'auth_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<AuthRequestKind>().notNull(),
    emailHash: text('email_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_requests_email_idx').on(t.kind, t.emailHash, t.createdAt),
    index('auth_requests_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);
