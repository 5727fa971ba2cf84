// CRM sync (docs/decisions/0094): an account's connection per CRM (tokens encrypted), the OAuth attempts waiting for
// their callback, and each client's sync state (the queue the worker runs, with retries).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CrmProvider, TCrmFieldMapping } from '@bq/contracts/crm';
import { accounts } from './accounts';
import { users } from './users';
import { clients } from './clients';

export const crmConnections = pgTable(
  'crm_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    provider: text('provider').$type<CrmProvider>().notNull(),
    status: text('status').$type<'CONNECTED' | 'RECONNECT_NEEDED'>().notNull().default('CONNECTED'),
    /** Encrypted (purpose crm-token, bound to the connection id). */
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    /** Null when the CRM names no lifetime (Salesforce): the token is used until the CRM answers 401. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    /** Salesforce: the org's API host from the token answer; HubSpot: null (one API host). */
    instanceUrl: text('instance_url'),
    fieldMapping: jsonb('field_mapping').$type<TCrmFieldMapping>(),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastFullSyncAt: timestamp('last_full_sync_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('crm_connections_account_provider_uq').on(t.accountId, t.provider), index('crm_connections_connected_by_idx').on(t.connectedBy)],
);

export const crmOauthStates = pgTable(
  'crm_oauth_states',
  {
    /** SHA-256 of the state sent to the CRM: the row alone cannot be replayed as a callback. */
    stateHash: text('state_hash').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CrmProvider>().notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('crm_oauth_states_account_idx').on(t.accountId), index('crm_oauth_states_user_idx').on(t.userId)],
);

export type CrmSyncStatus = 'PENDING' | 'SYNCED' | 'FAILED';

export const crmSyncStates = pgTable(
  'crm_sync_states',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull().references(() => crmConnections.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    status: text('status').$type<CrmSyncStatus>().notNull().default('PENDING'),
    externalContactId: text('external_contact_id'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastErrorKey: text('last_error_key'),
    lastError: text('last_error'),
    /** Failed attempts in a row; reset by a success or an admin's retry. */
    attempts: integer('attempts').notNull().default(0),
    /** When the worker takes it next; null: nothing due (synced, or given up). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.connectionId] }),
    index('crm_sync_states_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
    index('crm_sync_states_connection_idx').on(t.connectionId, t.status),
  ],
);
