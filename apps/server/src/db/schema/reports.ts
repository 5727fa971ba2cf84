// Reports and certificates (spec sections 2 and 7): download links sent by mail, and the certificates of
// BQP results with their public verification tokens.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@bq/domain/locales';
import { accounts } from './accounts';
import { interactionInstances } from './clients';
import { users } from './users';

/** A time-limited link to one report PDF (/report/{token}/download); the table keeps only the token's SHA-256. */
export const reportDownloadTokens = pgTable(
  'report_download_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    instanceId: uuid('instance_id').notNull().references(() => interactionInstances.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    interactionType: text('interaction_type').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    pageFormat: text('page_format').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    lastDownloadedAt: timestamp('last_downloaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_download_tokens_instance_idx').on(t.instanceId), index('report_download_tokens_account_idx').on(t.accountId)],
);

/** One certificate per BQP result; the verification token is random (256 bits) and public by design once shared. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    instanceId: uuid('instance_id').notNull().unique().references(() => interactionInstances.id, { onDelete: 'cascade' }),
    verificationToken: text('verification_token').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
  },
  (t) => [index('certificates_account_idx').on(t.accountId), index('certificates_revoked_by_idx').on(t.revokedBy)],
);
