// The mail outbox (DESIGN.md section 6): every mail is a row written in the same transaction as the event that
// causes it (invitation, reminder, auto report, e-mail verification), rendered in the recipient's language at
// that moment, then delivered by the job queue. The row is the audit trail of what was sent to whom.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@bq/domain/locales';
import type { Salutation } from '@bq/domain/client-rules';
import { accounts } from './accounts';
import { interactionInstances } from './clients';
import { users } from './users';

/** What a bulk invitation rendered at delivery needs besides the row's own account, user, address and locale. */
export interface InvitationRenderValues {
  template: 'invite';
  interactionId: string;
  definitionVersion: number;
  instanceToken: string;
  /** ISO time. */
  expiresAt: string;
  salutation: Salutation;
  firstName: string;
  lastName: string;
  /** The language whose branding names the firm, when not the mail's own (the chunk's first client's). */
  nameLocale?: Locale;
}

export type MailKind =
  | 'INVITATION'
  | 'REMINDER'
  | 'REPORT'
  | 'EMAIL_VERIFICATION'
  | 'PASSWORD_RESET'
  | 'ACCOUNT_EXISTS'
  | 'AUDIT_CHECKPOINT'
  /** The directory changed the user's sign-in address: the notice to the old one (docs/decisions/0062). */
  | 'SIGN_IN_ADDRESS_CHANGED'
  /** A second factor added, removed or reset by an admin (docs/decisions/0064). */
  | 'SECOND_FACTOR_CHANGED'
  /** A webhook endpoint stopped receiving (410 Gone, or three days of failures): the account's API admins (decision 0090). */
  | 'WEBHOOK_PAUSED'
  /** A client's yearly review falls due soon: the adviser (decision 0093). */
  | 'REVIEW_DUE'
  /** A visitor of a public start link confirms their address (docs/decisions/0092). */
  | 'PUBLIC_START_VERIFICATION'
  /** A visitor of a public start link became a client: the adviser is told (docs/decisions/0092). */
  | 'PUBLIC_LEAD';
/** PENDING: waiting for delivery; SENDING: handed to the transport (a crash here resends with the same Message-ID); SENT; FAILED: gave up. */
export type MailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id),
    kind: text('kind').$type<MailKind>().notNull(),
    /** One mail per cause, e.g. reminder:{instanceId}:{n}; a second insert for the same cause is ignored. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    toAddress: text('to_address').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    instanceId: uuid('instance_id').references(() => interactionInstances.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id),
    status: text('status').$type<MailStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The RFC 5322 Message-ID, fixed at insert so a resend after a crash is recognisably the same mail. */
    messageId: text('message_id').notNull(),
    /** The sender's display name fixed when written ("<firm> via <platform>"); null: MAIL_FROM's own name. */
    fromName: text('from_name'),
    /** Reply-To fixed when written: the adviser who sent the client's mail (docs/decisions/0083); null: none. */
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set: the worker's outbox dispatcher sends the mail from this time on (a bulk send's invitations, which get no job
     * each; a failed attempt moves it later). Null: the mail has its own delivery job (docs/decisions/0057).
     */
    dispatchAfter: timestamp('dispatch_after', { withTimezone: true }),
    /**
     * Set: the mail is rendered when it is sent, from these values (a bulk send's invitations; subject and bodies stay
     * empty until then, docs/decisions/0057 addendum). Null: subject and bodies were rendered when it was written.
     */
    renderValues: jsonb('render_values').$type<InvitationRenderValues>(),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_account_idx').on(t.accountId),
    index('mail_outbox_instance_idx').on(t.instanceId),
    index('mail_outbox_user_idx').on(t.userId),
    index('mail_outbox_dispatch_idx').on(t.accountId, t.dispatchAfter).where(sql`${t.status} = 'PENDING' and ${t.dispatchAfter} is not null`),
    // Stuck mails only (a failed attempt, or given up): the client list's product-wide notice (docs/decisions/0083).
    // A late bounce names its mail by the Message-ID (features/mail/bounces.ts).
    index('mail_outbox_message_id_idx').on(t.messageId),
    index('mail_outbox_stuck_idx').on(t.accountId, t.createdAt).where(sql`${t.status} = 'FAILED' or (${t.status} <> 'SENT' and ${t.lastError} is not null)`),
  ],
);

/** E-mail verification links: the mail carries a random token, the table only its SHA-256. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/**
 * Requests for a new verification link by address (GET /api/email/verification/resend?email=), counted per address
 * (its SHA-256: the table never holds addresses that belong to nobody) and per IP for the rate limit, whether or not
 * the address belongs to anyone, so the limit cannot tell them apart. Rows older than the window are purged.
 */
export const verificationResendRequests = pgTable(
  'verification_resend_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailHash: text('email_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_resend_requests_email_idx').on(t.emailHash, t.createdAt),
    index('verification_resend_requests_ip_idx').on(t.ip, t.createdAt),
  ],
);
