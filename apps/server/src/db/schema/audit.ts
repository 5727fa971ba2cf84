// The audit trail (migration 0027, docs/decisions/0039): append-only events, one HMAC chain per account.
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    /** Position in the account's chain, from 1 without gaps. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    /** Pseudonymous subject: the client's token and the result's (instance) token, never a name. */
    clientToken: text('client_token'),
    resultToken: text('result_token'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    prevHmac: text('prev_hmac').notNull(),
    hmac: text('hmac').notNull(),
  },
  (t) => [
    uniqueIndex('audit_events_account_seq_uq').on(t.accountId, t.seq),
    index('audit_events_account_client_idx').on(t.accountId, t.clientToken, t.id),
    index('audit_events_account_actor_idx').on(t.accountId, t.actorId, t.id),
  ],
);

/**
 * Where a participant's or visitor's address and browser go instead of the 7-year trail (issue 36 point 13, migration
 * 0053): a log of their calls kept PARTICIPANT_ACCESS_LOG_DAYS days, emptied for a client at erasure. The trail's
 * event of the same call names the result token and the request id, not the person's network identity.
 */
export const participantAccessLog = pgTable(
  'participant_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    resultToken: text('result_token'),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('participant_access_log_occurred_idx').on(t.occurredAt), index('participant_access_log_result_idx').on(t.accountId, t.resultToken)],
);
