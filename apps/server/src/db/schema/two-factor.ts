// The second factor (docs/decisions/0040): a user's TOTP secret (encrypted) and their one-time recovery codes (hashed).
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One TOTP factor per user; confirmedAt null while the enrolment waits for its first code. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret under DATA_ENCRYPTION_KEY (plugins/data-encryption.ts). */
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The RFC 6238 time step of the last accepted code: a code of this step or an earlier one is refused (no replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes in a row (issue 36 point 12): at MAX_CODE_FAILURES the code factor locks until a recovery code or reset. */
  failedCodes: integer('failed_codes').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten per confirmed factor, shown once; HMAC-SHA-256 under a key derived from DATA_ENCRYPTION_KEY. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);
