// Passkeys (WebAuthn, docs/decisions/0045): a user's registered credentials and the challenges handed out for a
// registration or an assertion (stored server-side so each one is used once and expires).
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per registered passkey; a user may have several, each with a name they chose. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url: unique across all users (an assertion names it). */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. Public: no need to encrypt it. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen (0 for authenticators that do not count, as synced passkeys do). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** singleDevice or multiDevice (synced), and whether it is backed up: shown, not enforced. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/** A challenge handed out and not used yet: taken with a DELETE ... RETURNING, so it works once; expires after 5 min. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** registration, sign_in (second step or passwordless) or step_up. */
    purpose: text('purpose').notNull(),
    /** The user it was made for; null for a passwordless sign-in (the passkey names its user). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_user_idx').on(t.userId), index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
