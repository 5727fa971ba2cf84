// Evaluators (users who sign in), their sessions and the failed sign-in log used for rate limiting.
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Permission } from '@bq/domain/permissions';
import type { Locale } from '@bq/domain/locales';
import { accounts, productConfigurations } from './accounts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    /** Stored lower-cased, so the unique constraint is case-insensitive. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    locale: text('locale').$type<Locale>().notNull().default('EN_US'),
    permissions: jsonb('permissions').$type<Permission[]>().notNull().default([]),
    currentProductConfigurationId: uuid('current_product_configuration_id').references(() => productConfigurations.id),
    active: boolean('active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Platform operator: may change data every account shares (the market history). Not an account permission:
     * no account admin holds it, and only the CLI (`npm run operator`) sets it, never the API.
     */
    platformOperator: boolean('platform_operator').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Notices the user has dismissed for good, e.g. TRIAL_BQ_ADVISORY_WEALTH. */
    dismissedNotices: jsonb('dismissed_notices').$type<string[]>().notNull().default([]),
    /** The directory's own id of this person (SCIM externalId, docs/decisions/0047); null for users it never sent. */
    scimExternalId: text('scim_external_id'),
    /**
     * Set when the directory deleted the user (SCIM DELETE): the row stays deactivated (results and the audit trail name
     * it) but SCIM no longer finds it; a later create with the same address revives it.
     */
    scimDeletedAt: timestamp('scim_deleted_at', { withTimezone: true }),
    /**
     * Set when the directory created (or revived) the user (migration 0049, docs/decisions/0062): SCIM manages such a
     * user and users of the account's confirmed domains, never any other user of the account.
     */
    scimProvisionedAt: timestamp('scim_provisioned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_account_idx').on(t.accountId), index('users_current_product_idx').on(t.currentProductConfigurationId)],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last proved a second factor (sign-in or step-up, docs/decisions/0045); null: never. */
    secondFactorVerifiedAt: timestamp('second_factor_verified_at', { withTimezone: true }),
    /**
     * When this session last proved the first factor: its sign-in, or the password given again at step-up. Routes that
     * add or remove a factor want it younger than ten minutes from a user without a factor (docs/decisions/0064).
     */
    firstFactorVerifiedAt: timestamp('first_factor_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** PASSWORD, or SECOND_FACTOR for a wrong TOTP or recovery code (migration 0028, docs/decisions/0040). */
    kind: text('kind').$type<'PASSWORD' | 'SECOND_FACTOR'>().notNull().default('PASSWORD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

/** A browser that signed in successfully (bq_device cookie; SHA-256 only). Decision 0032. */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId)],
);
