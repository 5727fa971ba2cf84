// Signed webhooks (docs/decisions/0090): an account's endpoints and one delivery row per event and endpoint, written
// in the transaction of the change that caused the event (the outbox) and sent by the worker.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';
import { interactionInstances } from './clients';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    includePersonalData: boolean('include_personal_data').notNull().default(false),
    /** The signing key (whsec_...), encrypted (purpose webhook-secret, bound to the endpoint id). */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** After a rotation the previous key still signs, beside the new one, until previous_secret_until. */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    status: text('status').$type<'ACTIVE' | 'PAUSED'>().notNull().default('ACTIVE'),
    /** GONE (the endpoint answered 410), FAILING (a delivery given up after three days) or BY_ADMIN. */
    pausedReason: text('paused_reason').$type<'GONE' | 'FAILING' | 'BY_ADMIN'>(),
    /** Attempts in a row that failed; reset by any success. Past the limit the endpoint pauses. */
    failuresInRow: integer('failures_in_row').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId)],
);

export type WebhookDeliveryStatus = 'PENDING' | 'SENDING' | 'DELIVERED' | 'FAILED';

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    /** The webhook-id header (msg_...): one per event, the same on every attempt and on every endpoint. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    /** The body exactly as signed and sent: { type, timestamp, data } (text, so its bytes never change between attempts). */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Three days after the event (or after an admin's retry): no attempt after this; the delivery is FAILED. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull().default(sql`now() + interval '3 days'`),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('PENDING', 'SENDING')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** interaction.expired is caused by time, not a write: the sweep marks each expired questionnaire once. */
export const webhookExpiryMarks = pgTable('webhook_expiry_marks', {
  instanceId: uuid('instance_id').primaryKey().references(() => interactionInstances.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
