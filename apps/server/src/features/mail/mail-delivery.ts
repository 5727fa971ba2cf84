// Where each instance's invitation and report mail really is (docs/decisions/0083, issue 37 point 5): read from the
// outbox row the worker keeps (status, attempts, last_error, sent_at), never from when the adviser clicked. An
// adviser was told "emailed" while the mail waited for a mail server that refused every connection.
import { and, desc, inArray } from 'drizzle-orm';
import type { MailDeliveryState, TMailDelivery } from '@bq/contracts/mail';
import type { Db, Tx } from '../../db/client';
import { mailOutbox, type MailStatus } from '../../db/schema';

export interface InstanceMails {
  invitationMail: TMailDelivery | null;
  reportMail: TMailDelivery | null;
}

export const NO_MAILS: InstanceMails = { invitationMail: null, reportMail: null };

type DeliveryRow = {
  status: MailStatus;
  lastError: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  toAddress: string;
};

/** PENDING or SENDING after a failed attempt is DEFERRED: it has not left, and the adviser should know why. */
export function deliveryState(status: MailStatus, lastError: string | null): MailDeliveryState {
  if (status === 'SENT') return 'SENT';
  if (status === 'FAILED') return 'FAILED';
  return lastError ? 'DEFERRED' : 'QUEUED';
}

/**
 * The reason as the adviser reads it: one line, without the recipient's address (a server's "550 <anna@...>:
 * unknown user" would show the address to a viewer who has the client anonymised).
 */
export function shownReason(lastError: string | null, toAddress: string): string | null {
  if (!lastError) return null;
  const line = lastError.replace(/\s+/g, ' ').trim().slice(0, 300);
  return toAddress ? line.split(toAddress).join('…') : line;
}

export function toMailDelivery(row: DeliveryRow): TMailDelivery {
  const state = deliveryState(row.status, row.lastError);
  return {
    state,
    queuedAt: row.createdAt.toISOString(),
    // While SENDING, sent_at holds the claim time (the lease), not a delivery.
    sentAt: state === 'SENT' && row.sentAt ? row.sentAt.toISOString() : null,
    reason: state === 'SENT' ? null : shownReason(row.lastError, row.toAddress),
    attempts: row.attempts,
  };
}

/** The latest invitation and report mail of each instance (one query over mail_outbox_instance_idx). */
export async function instanceMails(db: Db | Tx, instanceIds: readonly string[]): Promise<Map<string, InstanceMails>> {
  const found = new Map<string, InstanceMails>();
  if (instanceIds.length === 0) return found;
  const rows = await db
    .select({
      instanceId: mailOutbox.instanceId,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      toAddress: mailOutbox.toAddress,
    })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.instanceId, [...new Set(instanceIds)]), inArray(mailOutbox.kind, ['INVITATION', 'REPORT'])))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  for (const row of rows) {
    const mails = found.get(row.instanceId!) ?? { ...NO_MAILS };
    const key = row.kind === 'INVITATION' ? 'invitationMail' : 'reportMail';
    // Newest first: the first row of each kind is the latest mail.
    if (!mails[key]) mails[key] = toMailDelivery(row);
    found.set(row.instanceId!, mails);
  }
  return found;
}

export async function mailsOfInstance(db: Db | Tx, instanceId: string): Promise<InstanceMails> {
  return (await instanceMails(db, [instanceId])).get(instanceId) ?? NO_MAILS;
}
