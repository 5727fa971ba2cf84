// The audit trail (migrations 0027 and 0056, docs/decisions/0039 and 0071): append-only events, one hash chain per
// account, and the signed checkpoints of the chains' heads.
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
    /** The keyed chain of events recorded before migration 0056 (docs/decisions/0039); null since. */
    prevHmac: text('prev_hmac'),
    hmac: text('hmac'),
    /** SHA-256 of the exported event (docs/decisions/0071); null only for an old event not yet carried over. */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('audit_events_account_seq_uq').on(t.accountId, t.seq),
    index('audit_events_account_client_idx').on(t.accountId, t.clientToken, t.id),
    index('audit_events_account_actor_idx').on(t.accountId, t.actorId, t.id),
  ],
);

/** A signed checkpoint of one account's chain head (verify-export.ts has the format). */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    headHash: text('head_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [uniqueIndex('audit_checkpoints_account_seq_key_uq').on(t.accountId, t.seq, t.keyId)],
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
