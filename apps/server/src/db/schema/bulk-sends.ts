// A send of one questionnaire to many clients (features/bulk-send, docs/decisions/0049): the job's row (options,
// counts, how far it got) and the clients chosen when it started, which the job works through in client-id order.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BulkSendStatus } from '@bq/contracts/bulk-send';
import { accounts, productConfigurations } from './accounts';
import { clients } from './clients';
import { users } from './users';

export interface BulkSendOptions {
  expiresInDays?: number;
  autoReminder: boolean;
  autoSendReport: boolean;
  sendInvitationEmail: boolean;
  /** Clients who answered within these months are skipped (docs/decisions/0084); absent in sends from before it: none. */
  skipResultsWithinMonths?: number;
  /** Each questionnaire starts from the client's previous answers (docs/decisions/0093); absent in sends from before: no. */
  startFromPrevious?: boolean;
}

/** A chosen client without a questionnaire: who (token), why, and since when (the open one's sending, the answer). */
export interface BulkSendFailure {
  clientToken: string;
  errorKey: string;
  since?: string | null;
}

export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    userId: uuid('user_id').notNull().references(() => users.id),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    options: jsonb('options').$type<BulkSendOptions>().notNull(),
    status: text('status').$type<BulkSendStatus>().notNull().default('RUNNING'),
    total: integer('total').notNull().default(0),
    created: integer('created').notNull().default(0),
    mailed: integer('mailed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** startFromPrevious: questionnaires created empty because the client had no previous result to start from. */
    startedEmpty: integer('started_empty').notNull().default(0),
    /** The first 1,000 clients without a questionnaire, why and since when (BULK_SEND_MAX_LISTED_FAILURES). */
    failures: jsonb('failures').$type<BulkSendFailure[]>().notNull().default([]),
    /** The last client id worked on: committed with its chunk, so a job run again after a crash goes on from here. */
    cursor: uuid('cursor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The client's Idempotency-Key: a start sent again with it answers this send instead of starting a second. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('bulk_sends_idempotency_uq').on(t.accountId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('bulk_sends_account_idx').on(t.accountId),
    index('bulk_sends_user_idx').on(t.userId),
    index('bulk_sends_product_config_idx').on(t.productConfigurationId),
  ],
);

export const bulkSendClients = pgTable(
  'bulk_send_clients',
  {
    bulkSendId: uuid('bulk_send_id').notNull().references(() => bulkSends.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bulkSendId, t.clientId] }), index('bulk_send_clients_client_idx').on(t.clientId)],
);
