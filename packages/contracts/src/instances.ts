// Interaction instances from the evaluator's side: send one to a client, switch its auto sends, delete it.
import { z } from 'zod';
import { ZInstanceSummary } from './clients';
import { ZAnonymizedFields } from './anonymisation';

/** How long an invitation link works when neither the adviser nor the product configuration says otherwise. */
export const DEFAULT_INVITATION_VALID_DAYS = 30;

export const ZCreateInstanceRequest = z
  .object({
    clientToken: z.string().min(1).max(100),
    productConfigurationId: z.uuid(),
    /**
     * Days until the questionnaire link expires (spec: expiration badges); 1-365. Default: the product
     * configuration's invitationValidDays (30 unless configured otherwise).
     */
    expiresInDays: z.number().int().min(1).max(365).optional(),
    autoReminder: z.boolean().default(true),
    autoSendReport: z.boolean().default(false),
    /**
     * E-mail the invitation to the client's address now, in the same transaction as the instance (the answer's
     * invitedAt says when). The send dialog ticks it; API callers that hand the link out themselves leave it off.
     */
    sendInvitationEmail: z.boolean().default(false),
    /**
     * The client already has an open questionnaire of this product (not answered, not expired) and the adviser means
     * to send a second one. Without it such a send is refused with 409 error.interaction.already_open, whose details
     * name the open one (docs/decisions/0084).
     */
    allowSecondOpen: z.boolean().default(false),
    /**
     * The yearly review (docs/decisions/0093): the questionnaire opens with the answers of the client's latest result in
     * this product filled in, for the client to confirm or change each; the new result is shown against that one.
     * 409 error.review.no_previous_result when the client has none.
     */
    startFromPrevious: z.boolean().default(false),
  })
  .meta({ id: 'CreateInstanceRequest' });
export type TCreateInstanceRequest = z.input<typeof ZCreateInstanceRequest>;

/** 409 error.interaction.already_open: the client's open questionnaire of this product, in the error's details. */
export const INSTANCE_ALREADY_OPEN = 'error.interaction.already_open';
export const ZAlreadyOpenDetails = z
  .object({
    /** The open questionnaire's token (its page: /{productType}/client/{clientToken}/interaction/{token}). */
    openInstanceToken: z.string(),
    /** When it was sent. */
    openSince: z.string(),
    /** When its link stops working; null if never. */
    openExpiresAt: z.string().nullable(),
    /** Its status: NEW (not opened yet) or OPENED (answering). */
    openStatus: z.string(),
  })
  .meta({ id: 'AlreadyOpenDetails' });
export type TAlreadyOpenDetails = z.infer<typeof ZAlreadyOpenDetails>;

export const ZInstance = ZInstanceSummary.extend({
  clientToken: z.string(),
  productConfigurationId: z.string(),
  autoReminder: z.boolean(),
  autoSendReport: z.boolean(),
  openedAt: z.string().nullable(),
  filledAt: z.string().nullable(),
  /** When the invitation was last sent by e-mail (POST /api/instance/{token}/invite/email); null if never. */
  invitedAt: z.string().nullable(),
  /** Automatic reminders sent so far, and when the last one went out. */
  remindersSent: z.number().int(),
  lastReminderAt: z.string().nullable(),
  /** When the result's report e-mail (auto report) was queued for the client; null if not (yet). One per result. */
  reportSentAt: z.string().nullable(),
}).meta({ id: 'Instance' });
export type TInstance = z.infer<typeof ZInstance>;

export const ZAutoSendsRequest = z
  .object({ autoSendReport: z.boolean().optional(), autoReminder: z.boolean().optional() })
  .refine((v) => v.autoSendReport !== undefined || v.autoReminder !== undefined, 'error.validation.required')
  .meta({ id: 'AutoSendsRequest' });
export type TAutoSendsRequest = z.infer<typeof ZAutoSendsRequest>;

/** GET /api/instance/{token}/invite: the personal link and a prepared e-mail in the client's language. */
export const ZInvite = z
  .object({
    inviteUrl: z.string(),
    email: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
    /** mailto: link with subject and body, line breaks as CRLF (RFC 6068). */
    mailtoUrl: z.string(),
  })
  .meta({ id: 'Invite' });
export type TInvite = z.infer<typeof ZInvite>;

/** One interaction the account can send (GET /api/interactions): the definition behind one of its products. */
export const ZAccountInteraction = z
  .object({
    interactionId: z.string(),
    version: z.number().int(),
    productType: z.string(),
    productConfigurationId: z.string(),
    nameKey: z.string(),
    estimatedMinutes: z.number(),
    itemCount: z.number().int(),
  })
  .meta({ id: 'AccountInteraction' });
export type TAccountInteraction = z.infer<typeof ZAccountInteraction>;

export const ZInstanceListQuery = z.object({ interactionId: z.string().min(1).max(100) });

/** clientFirstName/clientLastName as the viewer's anonymisation allow-list shows them (docs/decisions/0021). */
export const ZInstanceListItem = ZInstance.extend({ clientFirstName: z.string(), clientLastName: z.string(), ...ZAnonymizedFields.shape }).meta({
  id: 'InstanceListItem',
});
export type TInstanceListItem = z.infer<typeof ZInstanceListItem>;
