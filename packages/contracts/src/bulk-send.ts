// Sending a questionnaire to many clients at once (issue 26, docs/decisions/0049): the request names the clients by
// token or by the client list's filter, the answer is a job whose progress the client polls.
import { z } from 'zod';
import { ZClientListQuery } from './clients';
import { ZCreateInstanceRequest } from './instances';

/** A list of tokens is for a selection on screen; "everyone matching" is sent as the filter. */
export const BULK_SEND_MAX_TOKENS = 10_000;

/** The client list's filter, as GET /api/participants takes it, without paging and sorting. */
export const ZBulkSendFilter = ZClientListQuery.pick({ q: true, group: true, source: true, status: true, interactionStatus: true, reviewDue: true, portfolioAboveProfile: true });
export type TBulkSendFilter = z.input<typeof ZBulkSendFilter>;

/**
 * A client whose last answered questionnaire of the product is younger than this many months is skipped unless the
 * request says otherwise (docs/decisions/0084): a yearly review sent to everyone should not ask again the people who
 * answered last week. 0 skips no one for a recent result.
 */
export const BULK_SEND_DEFAULT_SKIP_MONTHS = 3;
export const BULK_SEND_MAX_SKIP_MONTHS = 60;

// startFromPrevious (the yearly review, docs/decisions/0093): each client's questionnaire starts from their latest
// result's answers; a client without one starts empty and is counted in the progress's startedEmpty, not skipped.
export const ZBulkSendRequest = ZCreateInstanceRequest.omit({ clientToken: true, allowSecondOpen: true })
  .extend({
    clientTokens: z.array(z.string().min(1).max(100)).min(1).max(BULK_SEND_MAX_TOKENS).optional(),
    filter: ZBulkSendFilter.optional(),
    /**
     * Skip clients who answered a questionnaire of this product within the last N months (0-60; default 3; 0 = never
     * skip for a recent result). Clients with an open questionnaire are always skipped.
     */
    skipResultsWithinMonths: z.number().int().min(0).max(BULK_SEND_MAX_SKIP_MONTHS).default(BULK_SEND_DEFAULT_SKIP_MONTHS),
  })
  .refine((v) => (v.clientTokens === undefined) !== (v.filter === undefined), {
    message: 'error.bulk_send.selection',
    path: ['clientTokens'],
  })
  .meta({ id: 'BulkSendRequest' });
export type TBulkSendRequest = z.input<typeof ZBulkSendRequest>;

export const BULK_SEND_STATUSES = ['RUNNING', 'STOPPING', 'STOPPED', 'DONE'] as const;
export type BulkSendStatus = (typeof BULK_SEND_STATUSES)[number];

export const ZBulkSendFailure = z
  .object({
    /** The client's token as the request named it (or as the filter found it). */
    clientToken: z.string(),
    /**
     * Why this client got no questionnaire: error.not_found, error.data_rights.already_erased, error.client.inactive,
     * error.bulk_send.already_open, error.bulk_send.recent_result, error.interaction.limit_reached.
     */
    errorKey: z
      .string()
      .describe(
        'error.not_found | error.data_rights.already_erased | error.client.inactive | error.bulk_send.already_open | error.bulk_send.recent_result | error.interaction.limit_reached',
      ),
    /**
     * The client as the viewer may see them (their anonymisation allow-list applies: "Client 12" or stars); null for a
     * token that names no client of the account.
     */
    clientName: z.string().nullable().optional().describe('The client as the viewer may see them (anonymisation applies); null for an unknown token'),
    /** already_open: when the open questionnaire was sent; recent_result: when the client answered. Else null. */
    since: z.string().nullable().optional().describe('already_open: when the open questionnaire was sent; recent_result: when the client answered'),
  })
  .meta({ id: 'BulkSendFailure' });

export const ZBulkSendProgress = z
  .object({
    id: z.string(),
    status: z.enum(BULK_SEND_STATUSES),
    productConfigurationId: z.string(),
    /** Clients chosen when the send started. */
    total: z.number().int(),
    /** Questionnaires created so far. */
    created: z.number().int(),
    /** Invitation mails written to the outbox (they leave at the mail server's pace). */
    mailed: z.number().int(),
    /** Clients that got no questionnaire, and (up to the first 1,000) which and why. */
    failed: z.number().int(),
    failures: z.array(ZBulkSendFailure),
    /** The period of the request: clients who answered within these months were skipped (0: none for that reason). */
    skipResultsWithinMonths: z.number().int(),
    /** Whether each questionnaire starts from the client's previous answers (the yearly review). */
    startFromPrevious: z.boolean(),
    /** startFromPrevious: questionnaires created empty, the client having no previous result to start from. */
    startedEmpty: z.number().int(),
    /** Whether the send has ended: done, or stopped between two chunks. */
    finished: z.boolean(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'BulkSendProgress' });
export type TBulkSendProgress = z.infer<typeof ZBulkSendProgress>;

export const ZBulkSendParams = z.object({ id: z.uuid() });

/** The optional `Idempotency-Key` header of POST /api/instance/bulk: a retried start answers the send it started. */
export const ZIdempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/);

export const BULK_SEND_ERRORS = {
  idempotencyKeyReused: 'error.bulk_send.idempotency_key_reused',
  /** A skipped client's reason: an open questionnaire of the product. */
  alreadyOpen: 'error.bulk_send.already_open',
  /** A skipped client's reason: answered within the request's skipResultsWithinMonths. */
  recentResult: 'error.bulk_send.recent_result',
} as const;

/** The failures list keeps this many; the count keeps them all. */
export const BULK_SEND_MAX_LISTED_FAILURES = 1000;
