// The firm's own branding, sender and host names (docs/decisions/0055, 0056).
import { boolean, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // pg returns a Buffer, PGlite a Uint8Array: both become a Buffer.
  fromDriver: (value) => Buffer.from(value),
});

export const accountBranding = pgTable(
  'account_branding',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    firmName: text('firm_name'),
    address: text('address'),
    footerLine: text('footer_line'),
    /** #rrggbb, checked for WCAG AA contrast on text when saved. */
    primaryColor: text('primary_color'),
    accentColor: text('accent_color'),
    /** The logo as re-encoded (PNG) or sanitised (SVG) on upload, never as uploaded. */
    logo: bytea('logo'),
    logoType: text('logo_type').$type<'image/png' | 'image/svg+xml'>(),
    /** SHA-256 of the stored logo (hex): its URL changes with it, so it may be cached for long. */
    logoHash: text('logo_hash'),
    /** The operator's switch: no "powered by" line on this account's pages, mails and PDFs. */
    poweredByHidden: boolean('powered_by_hidden').notNull().default(false),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpUser: text('smtp_user'),
    /** AES-256-GCM under DATA_ENCRYPTION_KEY (plugins/data-encryption.ts), bound to the account id. */
    smtpPasswordEncrypted: text('smtp_password_encrypted'),
    smtpFrom: text('smtp_from'),
    /** The account waived TLS for its own server (docs/decisions/0067); otherwise STARTTLS or TLS is required. */
    smtpAllowPlaintext: boolean('smtp_allow_plaintext').notNull().default(false),
    /** The firm's reply address: clients' replies when no active adviser is behind a mail (docs/decisions/0083). */
    replyTo: text('reply_to'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_branding_updated_by_idx').on(t.updatedBy)],
);

export const accountHosts = pgTable(
  'account_hosts',
  {
    host: text('host').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_hosts_account_idx').on(t.accountId)],
);
