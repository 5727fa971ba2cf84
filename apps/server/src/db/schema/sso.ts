// Single sign-on per account (docs/decisions/0046, 0050): the account's provider, its sign-in rules and its claimed e-mail
// domains; a SAML provider's own settings in saml_connections.
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const ssoConnections = pgTable(
  'sso_connections',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Which protocol signs the account's users in: OIDC (the fields below) or SAML (saml_connections). */
    protocol: text('protocol').$type<'OIDC' | 'SAML'>().notNull().default('OIDC'),
    /** OpenID Connect only: empty for an account that signs in with SAML. */
    issuer: text('issuer'),
    clientId: text('client_id'),
    /** AES-256-GCM under DATA_ENCRYPTION_KEY (plugins/data-encryption.ts), bound to the account id. */
    clientSecretEncrypted: text('client_secret_encrypted'),
    signOnRequired: boolean('sign_on_required').notNull().default(false),
    /** The one user of the account who keeps the password while sign-on is required. */
    breakGlassUserId: uuid('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_connections_break_glass_idx').on(t.breakGlassUserId)],
);

/** A domain is claimed by one account at most (primary key); it routes no one until an operator confirmed it. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_domains_account_idx').on(t.accountId), index('sso_domains_confirmed_by_idx').on(t.confirmedBy)],
);

/** The account's SAML 2.0 identity provider (docs/decisions/0050). */
export const samlConnections = pgTable('saml_connections', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  idpEntityId: text('idp_entity_id').notNull(),
  /** Where AuthnRequests go (HTTP-Redirect binding). */
  ssoUrl: text('sso_url').notNull(),
  /** The PEM certificate whose key signs the provider's assertions. */
  idpCertificate: text('idp_certificate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** AuthnRequests sent and not yet answered: an answer's InResponseTo must name one, and spends it (single use). */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The same-site path to land on after signing in. */
    redirectUrl: text('redirect_url').notNull(),
    /** SHA-256 of the starting browser's bq_saml cookie: the answer must come from that browser (docs/decisions/0073). */
    browserHash: text('browser_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saml_requests_account_idx').on(t.accountId), index('saml_requests_expires_idx').on(t.expiresAt)],
);
