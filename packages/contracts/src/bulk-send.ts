// Sending a questionnaire to many clients at once (issue 26, docs/decisions/0049): the request names the clients by
// token or by the client list's filter, the answer is a job whose progress the client polls.
import { z } from 'zod';
import { ZClientListQuery } from './clients';
import { ZCreateInstanceRequest } from './instances';

/** A list of tokens is for a selection on screen; "everyone matching" is sent as the filter. */
export const BULK_SEND_MAX_TOKENS = 10_000;

/** The client list's filter, as GET /api/participants takes it, without paging and sorting. */
export const ZBulkSendFilter = ZClientListQuery.pick({ q: true, group: true, status: true, interactionStatus: true });
export type TBulkSendFilter = z.input<typeof ZBulkSendFilter>;

export const ZBulkSendRequest = ZCreateInstanceRequest.omit({ clientToken: true })
  .extend({
    clientTokens: z.array(z.string().min(1).max(100)).min(1).max(BULK_SEND_MAX_TOKENS).optional(),
    filter: ZBulkSendFilter.optional(),
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
    /** Why this client got no questionnaire: error.not_found, error.client.inactive, error.interaction.limit_reached, error.bulk_send.already_open. */
    errorKey: z.string(),
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
    /** Clients that got no questionnaire, and (up to the first 100) which and why. */
    failed: z.number().int(),
    failures: z.array(ZBulkSendFailure),
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
} as const;
