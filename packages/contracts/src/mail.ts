// Mail (DESIGN.md section 6): the invitation by e-mail, e-mail verification and the developer mailbox of the
// embedded mode. Every mail goes through the server's outbox; these are the calls around it.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';

export const MAIL_KINDS = [
  'INVITATION',
  'REMINDER',
  'REPORT',
  'EMAIL_VERIFICATION',
  'PASSWORD_RESET',
  'ACCOUNT_EXISTS',
  'AUDIT_CHECKPOINT',
  'SIGN_IN_ADDRESS_CHANGED',
  'SECOND_FACTOR_CHANGED',
  'WEBHOOK_PAUSED',
  'REVIEW_DUE',
  'PUBLIC_START_VERIFICATION',
  'PUBLIC_LEAD',
] as const;
export const MAIL_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;

/**
 * Where a client's mail (invitation, report) really is (docs/decisions/0083): QUEUED, not tried yet (or being handed
 * over now); SENT, the mail server accepted it (sentAt); DEFERRED, an attempt failed and it is tried again (reason:
 * the server's answer or why it could not be reached); FAILED, given up (the server refused it for good or every
 * attempt failed). A bounce the receiving side reports later by mail is not seen here.
 */
export const MAIL_DELIVERY_STATES = ['QUEUED', 'SENT', 'DEFERRED', 'FAILED'] as const;
export type MailDeliveryState = (typeof MAIL_DELIVERY_STATES)[number];

export const ZMailDelivery = z
  .object({
    state: z.enum(MAIL_DELIVERY_STATES),
    /** When the mail was written to the outbox. */
    queuedAt: z.string(),
    /** When the mail server accepted it; null unless SENT. */
    sentAt: z.string().nullable(),
    /** The last failed attempt's error (the server's answer, or why it could not be reached); null when none failed. */
    reason: z.string().nullable(),
    /** Delivery attempts so far. */
    attempts: z.number().int(),
  })
  .meta({ id: 'MailDelivery' });
export type TMailDelivery = z.infer<typeof ZMailDelivery>;

/** POST /api/instance/{token}/invite/email: the invitation went into the outbox for this address. */
export const ZInviteEmailResponse = z
  .object({
    sentTo: z.string(),
    /** ISO timestamp of this invitation (a repeated click within a few seconds answers the same one). */
    invitedAt: z.string(),
    /** The mail's delivery state: QUEUED when it was just written; it leaves when the worker sends it. */
    mail: ZMailDelivery,
  })
  .meta({ id: 'InviteEmailResponse' });
export type TInviteEmailResponse = z.infer<typeof ZInviteEmailResponse>;

export const ZEmailVerificationParams = z.object({ token: z.string().min(1).max(200) });

/** GET /api/email/verification/{token}: the address is verified. */
export const ZEmailVerificationResponse = z
  .object({ email: z.string(), verifiedAt: z.string() })
  .meta({ id: 'EmailVerificationResponse' });
export type TEmailVerificationResponse = z.infer<typeof ZEmailVerificationResponse>;

/**
 * GET /api/email/verification/resend?email=: without a session, the address to send a new link to. The answer is
 * the same whether or not the address belongs to anyone (it cannot be used to find out who has an account).
 */
export const ZEmailVerificationResendQuery = z.object({ email: z.email('error.validation.invalid_email').max(254).optional() });
export type TEmailVerificationResendQuery = z.infer<typeof ZEmailVerificationResendQuery>;

/**
 * GET /api/email/verification/resend: a new verification mail went into the outbox (signed in, for the own address),
 * or, asked for an address, "if that address needs verifying, a link is on its way" (the same answer for every address).
 */
export const ZEmailVerificationResendResponse = z
  .object({ sentTo: z.string(), expiresAt: z.string() })
  .meta({ id: 'EmailVerificationResendResponse' });
export type TEmailVerificationResendResponse = z.infer<typeof ZEmailVerificationResendResponse>;

/** One mail of the developer mailbox (GET /api/dev/mailbox, embedded mode only). */
export const ZDevMailboxItem = z
  .object({
    id: z.string(),
    kind: z.enum(MAIL_KINDS),
    to: z.string(),
    subject: z.string(),
    locale: z.enum(LOCALES),
    status: z.enum(MAIL_STATUSES),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'DevMailboxItem' });
export type TDevMailboxItem = z.infer<typeof ZDevMailboxItem>;

export const ZDevMailboxList = z
  .object({
    /** Newest first. */
    mails: z.array(ZDevMailboxItem),
  })
  .meta({ id: 'DevMailboxList' });
export type TDevMailboxList = z.infer<typeof ZDevMailboxList>;

export const ZDevMailParams = z.object({ id: z.uuid() });

/** GET /api/dev/mailbox/{id}: the whole mail as it was (or will be) delivered. */
export const ZDevMail = ZDevMailboxItem.extend({
  text: z.string(),
  html: z.string(),
  messageId: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The .eml file in DATA_DIR/mail when the mail was written there, else null (sent by SMTP or not yet). */
  file: z.string().nullable(),
  /** The RFC 5322 header fields, decoded: from the .eml file, or composed as they will be sent. */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
}).meta({ id: 'DevMail' });
export type TDevMail = z.infer<typeof ZDevMail>;

/** POST /api/mail/bounces (docs/decisions/0083 addendum): why a late bounce report was refused. */
export const BOUNCE_ERRORS = {
  /** The text has no RFC 3464 Action field: not a delivery status notification. */
  notAReport: 'error.mail.not_a_delivery_report',
} as const;

export const ZBounceResponse = z
  .object({
    /** The report's action for the recipient: failed, delayed, delivered, relayed or expanded. */
    action: z.string(),
    /** The report names a mail of this platform (by the original's Message-ID). */
    matched: z.boolean(),
    /** That mail's status now: FAILED after a failed delivery; null without a match. */
    status: z.enum(MAIL_STATUSES).nullable(),
  })
  .meta({ id: 'MailBounceResponse' });
export type TBounceResponse = z.infer<typeof ZBounceResponse>;
