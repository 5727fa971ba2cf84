// The audit trail (docs/decisions/0039, 0071): GET /api/audit/events (filters, newest first, keyset pages),
// GET /api/audit/verify (the caller's account's export verified), GET /api/audit/actions (the filter's suggestions)
// with permission BQ_ADMIN/AUDIT_LOG/READ, and
// GET /api/audit/keys (public: the keys that sign the checkpoints).
import { z } from 'zod';

export const AUDIT_OUTCOMES = ['ALLOWED', 'REFUSED'] as const;
export const AUDIT_ACTOR_KINDS = ['USER', 'CREDENTIAL', 'OPERATOR', 'PARTICIPANT', 'SYSTEM'] as const;
export const AUDIT_PAGE_SIZE = 50;
/**
 * The alphabet of every token and id an event's subject is named by (base64url tokens, UUIDs). The trail records a
 * subject only if it is spelled in it: text a refused probe sent (a NUL byte, a lone surrogate) names none.
 */
export const SUBJECT_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

const invalid = { error: () => 'error.validation.invalid_value' };

/** The filters of the trail, shared by the list and the export. */
const auditFilterFields = {
  clientToken: z.string().min(1).max(200).optional(),
  userId: z.string().min(1).max(100).optional(),
  /** One of GET /api/audit/actions (or one found in the account's trail); any other is error.audit.unknown_action. */
  action: z.string().min(1).max(100).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, invalid).optional(),
  from: z.iso.datetime({ offset: true, error: 'error.validation.invalid_value' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'error.validation.invalid_value' }).optional(),
};

/** A period that ends before it starts is a mistake, not an empty answer. */
const periodInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const periodError = { path: ['to'], message: 'error.validation.invalid_value' };

export const ZListAuditEventsRequest = z
  .object({
    ...auditFilterFields,
    /** The `nextCursor` of the previous page: events older than it. */
    cursor: z.string().regex(/^\d{1,18}$/, 'error.validation.invalid_value').optional(),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .refine(periodInOrder, periodError);
// No meta id: a query string schema must stay inline for the OpenAPI document (a $ref cannot be split into parameters).
export type TListAuditEventsRequest = z.infer<typeof ZListAuditEventsRequest>;

/**
 * csv: UTF-8 with BOM, header row, RFC 4180, newest first; jsonl: the chain oldest first, one event (type event, with
 * seq, prevHash and hash) per line, and unfiltered also the signed checkpoints (type checkpoint) as lines of their own.
 */
export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

export const ZExportAuditEventsRequest = z
  .object({
    format: z.enum(AUDIT_EXPORT_FORMATS, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? 'error.validation.required' : 'error.validation.invalid_value'),
    }),
    ...auditFilterFields,
  })
  .refine(periodInOrder, periodError);
// Inline as well (a query string schema).
export type TExportAuditEventsRequest = z.infer<typeof ZExportAuditEventsRequest>;

/** The export's columns, in order; details is the event's details as JSON. */
export const AUDIT_EXPORT_COLUMNS = [
  'id', 'seq', 'occurredAt', 'actorKind', 'actorId', 'actorName', 'action', 'outcome', 'clientToken', 'resultToken',
  'details', 'requestId', 'ip', 'userAgent',
] as const;

export const ZAuditEvent = z
  .object({
    id: z.string(),
    seq: z.number().int(),
    occurredAt: z.string().meta({ description: 'ISO timestamp' }),
    actorKind: z.enum(AUDIT_ACTOR_KINDS),
    actorId: z.string().nullable().meta({ description: 'User id, API credential id, or null for a participant' }),
    actorName: z.string().nullable().meta({ description: "A user actor's name and e-mail while the user belongs to the account; null otherwise" }),
    action: z.string().meta({ description: 'e.g. client.view, client.list, report.pdf, export.download, result.unlock, auth.sign_in' }),
    clientToken: z.string().nullable().meta({ description: "The client's pseudonymous token (never the name)" }),
    resultToken: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    outcome: z.enum(AUDIT_OUTCOMES),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZListAuditEventsResponse = z
  .object({
    events: z.array(ZAuditEvent),
    nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next (older) page; null on the last page' }),
  })
  .meta({ id: 'ListAuditEventsResponse' });
export type TListAuditEventsResponse = z.infer<typeof ZListAuditEventsResponse>;

export const AUDIT_EXPORT_PROBLEMS = [
  'invalid_line', 'changed', 'not_linked', 'missing_before', 'seq_out_of_order', 'other_account', 'unknown_key', 'bad_signature',
  'checkpoint_mismatch', 'checkpoint_out_of_place', 'tail_deleted',
] as const;
export type AuditExportProblem = (typeof AUDIT_EXPORT_PROBLEMS)[number];

/** The verifier's report (docs/decisions/0071): the same one `npm run audit:verify` prints for an export file. */
export const ZVerifyAuditChainResponse = z
  .object({
    ok: z.boolean(),
    accountId: z.string().nullable(),
    events: z.number().int().meta({ description: 'Events verified (up to the first broken one)' }),
    checkpoints: z.number().int().meta({ description: 'Signed checkpoints whose signature verified' }),
    headSeq: z.number().int(),
    headHash: z.string().meta({ description: 'hex SHA-256 of the last verified event' }),
    lastCheckpoint: z
      .object({ seq: z.number().int(), createdAt: z.string(), keyId: z.string() })
      .nullable()
      .meta({ description: 'The newest checkpoint that matched the chain (null: none yet, so a deleted tail cannot show)' }),
    firstBroken: z
      .object({
        line: z.number().int().meta({ description: 'Line of the JSON Lines export (GET /api/audit/events/export?format=jsonl)' }),
        seq: z.number().int().nullable(),
        problem: z.enum(AUDIT_EXPORT_PROBLEMS).meta({
          description:
            'changed: content altered after it was recorded; missing_before: events before it were deleted; not_linked: an event was inserted, ' +
            'replaced or moved; tail_deleted: events a signed checkpoint saw are gone; checkpoint_mismatch: the chain no longer holds the ' +
            "checkpoint's head; bad_signature / unknown_key: a checkpoint not signed by a published key",
        }),
        message: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'VerifyAuditChainResponse' });
export type TVerifyAuditChainResponse = z.infer<typeof ZVerifyAuditChainResponse>;

/** GET /api/audit/keys: the public keys of the checkpoints' signatures, current and retired (public, cacheable). */
export const ZAuditKeys = z
  .object({
    keys: z.array(
      z.object({
        keyId: z.string().meta({ description: 'First 16 hex digits of SHA-256 over the key\'s SPKI DER; checkpoints name it' }),
        algorithm: z.literal('Ed25519'),
        publicKey: z.string().meta({ description: 'SPKI, PEM' }),
        current: z.boolean().meta({ description: 'Signs new checkpoints (false: retired, kept so older checkpoints verify)' }),
      }),
    ),
  })
  .meta({ id: 'AuditKeys' });
export type TAuditKeys = z.infer<typeof ZAuditKeys>;

/** GET /api/audit/actions: every action the trail can hold, for the filter's suggestions (docs/decisions/0080). */
export const ZAuditActions = z
  .object({
    actions: z.array(
      z.object({
        action: z.string().meta({ description: 'The code, e.g. dashboard.view; its words are the text audit.action.<code> (GET /api/i18ns)' }),
      }),
    ),
  })
  .meta({ id: 'AuditActions' });
export type TAuditActions = z.infer<typeof ZAuditActions>;

/** GET|PUT /api/audit/settings: where the daily signed checkpoint of the account's chain head is mailed (null: nowhere). */
export const ZAuditSettings = z
  .object({
    complianceEmail: z.email('error.validation.invalid_email').max(254).nullable(),
  })
  .strict()
  .meta({ id: 'AuditSettings' });
export type TAuditSettings = z.infer<typeof ZAuditSettings>;
