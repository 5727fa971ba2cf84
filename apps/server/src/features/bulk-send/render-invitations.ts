// The invitation mails of a bulk send, rendered as the single send renders them (features/instances/invite.ts
// invitationValues, features/mail/outbox.ts queueMail) but with the texts read once per sender and language instead
// of five queries per mail: the same subject, greeting, body and footer reach every client. The chunk writes only
// the values (invitationRows); the outbox dispatcher renders them when it sends (docs/decisions/0057 addendum).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Salutation } from '@bq/domain/client-rules';
import { formatDate } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { accounts, translations, users, type InvitationRenderValues } from '../../db/schema';
import { getInteractionDefinition } from '../interactions/definitions';
import { inviteUrl } from '../instances/invite';
import { clientLinkBase } from '../branding/client-base-url';
import { messageIdFor } from '../mail/outbox';
import { mailBrand } from '../mail/mail-brand';
import { fillPlaceholders, loadEmailTexts, renderMail } from '../mail/render-mail';

export interface InvitationTarget {
  instanceId: string;
  instanceToken: string;
  expiresAt: Date;
  email: string;
  locale: Locale;
  salutation: Salutation;
  firstName: string;
  lastName: string;
}

export interface InvitationSender {
  accountId: string;
  userId: string;
  interactionId: string;
  definitionVersion: number;
}

const MAIL_KEYS = ['email.invite.subject', 'email.invite.body', 'email.layout.footer', 'email.invite.button', 'email.layout.buttonFallback'];
const GREETING_KEYS = ['MS', 'MR', 'NEUTRAL', 'NONE'].map((s) => `email.greeting.${s}`);

/** What every invitation of one sender in one language shares: texts, branding, names. */
export interface InvitationContext {
  locale: Locale;
  texts: Record<string, string>;
  interactionName: string;
  accountName: string;
  senderName: string;
  minutes: string;
  brand: Awaited<ReturnType<typeof mailBrand>> | null;
  /** The base of the questionnaire link: the firm's own host, if it has one (docs/decisions/0056 addendum). */
  linkBase: Pick<Config, 'publicUrl'>;
}

/**
 * The shared part, read from the database. The firm's name on every mail is the branding of the sender's first
 * language (as when the chunk rendered all its mails at once: `nameLocale`), so each language's mail reads the same.
 */
export async function invitationContext(db: Tx, config: Config, sender: InvitationSender, locale: Locale, nameLocale: Locale = locale): Promise<InvitationContext> {
  const [who] = await db
    .select({ accountName: accounts.name, first: users.firstName, last: users.lastName })
    .from(accounts)
    .leftJoin(users, eq(users.id, sender.userId))
    .where(eq(accounts.id, sender.accountId));
  const brand = await mailBrand(db, config, { accountId: sender.accountId, locale });
  const named = nameLocale === locale ? brand : await mailBrand(db, config, { accountId: sender.accountId, locale: nameLocale });
  const accountName = named?.brand.firmName ?? who?.accountName ?? '';
  const definition = getInteractionDefinition(sender.interactionId, sender.definitionVersion);
  const texts = await loadEmailTexts(db, locale, [...MAIL_KEYS, ...GREETING_KEYS]);
  const [name] = definition
    ? await db.select({ text: translations.text }).from(translations).where(and(eq(translations.language, locale), inArray(translations.key, [definition.nameKey]))).limit(1)
    : [];
  return {
    locale,
    texts,
    interactionName: name?.text ?? sender.interactionId,
    accountName,
    senderName: [who?.first, who?.last].filter(Boolean).join(' ') || accountName,
    minutes: String(definition?.estimatedMinutes ?? ''),
    brand,
    linkBase: await clientLinkBase(db, config, sender.accountId),
  };
}

/** One client's invitation: subject, text and HTML, and the sender's display name. Throws if a text is missing. */
export function renderInvitation(ctx: InvitationContext, config: Config, target: Omit<InvitationTarget, 'instanceId' | 'email' | 'locale'>) {
  const { texts, brand } = ctx;
  const named = target.firstName.trim() !== '' || target.lastName.trim() !== '';
  const greetingText = texts[`email.greeting.${named ? target.salutation : 'NONE'}`];
  if (greetingText === undefined) throw new Error(`no greeting for salutation ${target.salutation}`);
  const greeting = fillPlaceholders(greetingText, { firstName: target.firstName, lastName: target.lastName }).replace(/\s+/g, ' ').trim();
  const values = {
    greeting,
    firstName: target.firstName,
    lastName: target.lastName,
    senderName: ctx.senderName,
    accountName: ctx.accountName,
    interactionName: ctx.interactionName,
    minutes: ctx.minutes,
    link: inviteUrl(ctx.linkBase, target.instanceToken),
    expiresAt: formatDate(target.expiresAt, ctx.locale),
  };
  const rendered = renderMail(
    {
      subject: texts['email.invite.subject']!,
      body: texts['email.invite.body']!,
      footer: texts['email.layout.footer']!,
      // The same button as a single invitation's (docs/decisions/0083).
      button: { label: texts['email.invite.button']!, fallback: texts['email.layout.buttonFallback']! },
    },
    values,
    { locale: ctx.locale, accountName: ctx.accountName, ...(brand ? { brand: { ...brand.brand, logoUrl: brand.logoUrlFor(target.instanceToken) } } : {}) },
  );
  return { subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html, fromName: brand?.fromName ?? null };
}

/** An outbox row of a chunk's invitations: address and values, no rendered text (the dispatcher renders them). */
export interface InvitationMailRow {
  id: string;
  dedupeKey: string;
  toAddress: string;
  locale: Locale;
  renderValues: InvitationRenderValues;
  instanceId: string;
  messageId: string;
}

export function invitationRows(config: Config, sender: InvitationSender, targets: InvitationTarget[], now: Date): InvitationMailRow[] {
  const nameLocale = targets[0]?.locale;
  return targets.map((target) => {
    const id = randomUUID();
    return {
      id,
      dedupeKey: `invite:${target.instanceId}:${now.getTime()}`,
      toAddress: target.email,
      locale: target.locale,
      renderValues: {
        template: 'invite',
        interactionId: sender.interactionId,
        definitionVersion: sender.definitionVersion,
        instanceToken: target.instanceToken,
        expiresAt: target.expiresAt.toISOString(),
        salutation: target.salutation,
        firstName: target.firstName,
        lastName: target.lastName,
        ...(nameLocale && nameLocale !== target.locale ? { nameLocale } : {}),
      },
      instanceId: target.instanceId,
      messageId: messageIdFor(id, config),
    };
  });
}

/**
 * Writes a chunk's invitation mails for the outbox dispatcher: one INSERT ... SELECT over one JSON array, whatever
 * the chunk's size. Drizzle's multi-row insert built 15 bind parameters per mail and cost the worker about 0.15 ms
 * of CPU per mail (a profile of 12,000: 1.3 s in drizzle, 0.7 s collecting garbage), CPU the dispatcher rendering
 * the first mails needs at the same time.
 */
export async function insertInvitationMails(tx: Tx, sender: InvitationSender, rows: InvitationMailRow[], dispatchAfter: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into mail_outbox (id, account_id, kind, dedupe_key, to_address, locale, subject, text_body, html_body,
      render_values, instance_id, user_id, message_id, dispatch_after, reply_to)
    select m.id, ${sender.accountId}, 'INVITATION', m."dedupeKey", m."toAddress", m.locale, '', '', '', m."renderValues",
      m."instanceId", ${sender.userId}, m."messageId", ${dispatchAfter}::timestamptz, coalesce(sender.email, firm.reply_to)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(id uuid, "dedupeKey" text, "toAddress" text, locale text, "renderValues" jsonb, "instanceId" uuid, "messageId" text)
    -- Replies go to the adviser who sent them (docs/decisions/0083), if still active, else to the firm's reply address
    -- (as replyToFor in features/mail/reply-to.ts).
    left join users sender on sender.id = ${sender.userId} and sender.active
    left join account_branding firm on firm.account_id = ${sender.accountId}`);
}
