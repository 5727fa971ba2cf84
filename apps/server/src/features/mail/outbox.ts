// The mail outbox (DESIGN.md section 6): queueMail renders a mail in the recipient's language, writes it to
// mail_outbox and enqueues its delivery job, both in the caller's transaction. A rolled-back change leaves no
// mail; a committed one always has its job. One row per dedupe key: a second call for the same cause is a no-op.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { accounts, mailOutbox, type MailKind } from '../../db/schema';
import { QUEUES, enqueueInTransaction, type JobQueue } from '../../jobs/queue';
import { mailBrand } from './mail-brand';
import { replyToFor } from './reply-to';
import { loadEmailTexts, renderMail, type MailTemplate } from './render-mail';

export interface QueueMailRequest {
  accountId: string | null;
  kind: MailKind;
  /** One mail per cause, e.g. reminder:{instanceId}:{n}; a second request with the same key is ignored. */
  dedupeKey: string;
  to: string;
  locale: Locale;
  /** Texts email.<template>.subject and email.<template>.body of the EMAIL text type. */
  template: MailTemplate;
  /** Values of the {{placeholders}}; every placeholder of the texts needs one. */
  params: Record<string, string>;
  instanceId?: string;
  userId?: string;
}

/**
 * Mails the platform sends a user about their own sign-in (verification, password reset, "you have an account", "your
 * sign-in address was changed", a change of their second factors): they are not sent "on behalf of" the user's
 * account, which is often the user themself (issue 22), so they carry the platform's name and footer.
 */
const PLATFORM_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'verification',
  'passwordReset',
  'accountExists',
  'signInAddressChanged',
  'factorAdded',
  'factorRemoved',
  'factorsReset',
  'factorLocked',
]);
/** A platform mail that no request made with the address caused says why it came instead. */
const PLATFORM_FOOTERS: Partial<Record<MailTemplate, string>> = { signInAddressChanged: 'email.layout.footerDirectory' };

/** Client mails whose link is shown as a button in the HTML part (docs/decisions/0083); every one has its label. */
const BUTTON_TEMPLATES: ReadonlySet<MailTemplate> = new Set(['invite', 'reminder', 'report']);

/** RFC 5322 Message-ID, fixed when the mail is written: a resend after a crash is recognisably the same mail. */
export function messageIdFor(mailId: string, config: Pick<Config, 'publicUrl'>): string {
  return `<${mailId}@${new URL(config.publicUrl).hostname}>`;
}

export async function queueMail(
  tx: Tx,
  queue: JobQueue,
  mail: QueueMailRequest,
  config: Pick<Config, 'publicUrl'>,
): Promise<{ queued: boolean; mailId: string | null }> {
  const platformMail = PLATFORM_TEMPLATES.has(mail.template);
  const footerKey = platformMail ? (PLATFORM_FOOTERS[mail.template] ?? 'email.layout.footerPlatform') : 'email.layout.footer';
  const keys = [`email.${mail.template}.subject`, `email.${mail.template}.body`, footerKey, 'email.layout.platform'];
  const buttonKeys = BUTTON_TEMPLATES.has(mail.template) ? [`email.${mail.template}.button`, 'email.layout.buttonFallback'] : [];
  const texts = await loadEmailTexts(tx, mail.locale, [...keys, ...buttonKeys]);
  const button = buttonKeys.length > 0 ? { label: texts[buttonKeys[0]!]!, fallback: texts[buttonKeys[1]!]! } : undefined;
  const [account] = mail.accountId && !platformMail
    ? await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, mail.accountId))
    : [];
  // The firm's name and look on the mails it sends its clients; the platform's own mails stay the platform's.
  const branded = mail.accountId && !platformMail ? await mailBrand(tx, config, { accountId: mail.accountId, locale: mail.locale, instanceId: mail.instanceId }) : null;
  const params = branded && 'accountName' in mail.params ? { ...mail.params, accountName: branded.brand.firmName } : mail.params;
  const rendered = renderMail(
    { subject: texts[keys[0]!]!, body: texts[keys[1]!]!, footer: texts[footerKey]!, ...(button ? { button } : {}) },
    params,
    { locale: mail.locale, accountName: account?.name ?? texts['email.layout.platform']!, ...(branded ? { brand: branded.brand } : {}) },
  );

  const mailId = randomUUID();
  const [inserted] = await tx
    .insert(mailOutbox)
    .values({
      id: mailId,
      accountId: mail.accountId,
      kind: mail.kind,
      dedupeKey: mail.dedupeKey,
      toAddress: mail.to,
      locale: mail.locale,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      instanceId: mail.instanceId ?? null,
      userId: mail.userId ?? null,
      messageId: messageIdFor(mailId, config),
      fromName: branded?.fromName ?? null,
      replyTo: await replyToFor(tx, mail),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!inserted) {
    const [existing] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, mail.dedupeKey));
    return { queued: false, mailId: existing?.id ?? null };
  }
  const jobId = await enqueueInTransaction(queue, tx, QUEUES.mailDeliver, { mailId }, { singletonKey: mailId });
  // pg-boss answers null instead of failing when the queue is missing: a mail without its job would never leave.
  if (!jobId) throw new Error(`mail ${mailId}: the delivery job was not created`);
  return { queued: true, mailId };
}
