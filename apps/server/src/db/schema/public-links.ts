// Public start links (docs/decisions/0092): one row per link an account puts on its website, and one per visitor's
// start until its e-mail address is confirmed (the verification token is kept as its SHA-256 only).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@bq/domain/locales';
import { accounts, productConfigurations } from './accounts';
import { clients, interactionInstances } from './clients';
import { users } from './users';

export const publicLinks = pgTable(
  'public_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    /** 16 random bytes, base64url: the only identifier in the page's address. */
    publicId: text('public_id').notNull().unique(),
    active: boolean('active').notNull().default(true),
    /** The https origins that may frame the start page (its frame-ancestors); empty: none. */
    embedOrigins: text('embed_origins').array().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('public_links_account_idx').on(t.accountId),
    index('public_links_product_config_idx').on(t.productConfigurationId),
    index('public_links_created_by_idx').on(t.createdBy),
  ],
);

export const publicLinkStarts = pgTable(
  'public_link_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id').notNull().references(() => publicLinks.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. Kept only until the start is confirmed or expires. */
    email: text('email').notNull(),
    /** SHA-256 of the lower-cased address: how many mails one address got, across every link (mail bombing). */
    emailHash: text('email_hash').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    instanceId: uuid('instance_id').references(() => interactionInstances.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('public_link_starts_link_created_idx').on(t.linkId, t.createdAt),
    index('public_link_starts_email_hash_idx').on(t.emailHash, t.createdAt),
    index('public_link_starts_account_idx').on(t.accountId),
    index('public_link_starts_client_idx').on(t.clientId),
    index('public_link_starts_instance_idx').on(t.instanceId),
    index('public_link_starts_pending_expiry_idx').on(t.expiresAt).where(sql`${t.verifiedAt} is null`),
  ],
);
