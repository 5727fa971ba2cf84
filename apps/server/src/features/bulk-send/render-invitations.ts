// The invitation mails of one chunk of a bulk send, rendered as the single send renders them (features/instances/
// invite.ts invitationValues, features/mail/outbox.ts queueMail) but with the texts read once per language and
// chunk instead of five queries per mail: the same subject, greeting, body and footer reach every client.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Salutation } from '@bq/domain/client-rules';
import { formatDate } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { accounts, translations, users, type mailOutbox } from '../../db/schema';
import { getInteractionDefinition } from '../interactions/definitions';
import { inviteUrl } from '../instances/invite';
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

const MAIL_KEYS = ['email.invite.subject', 'email.invite.body', 'email.layout.footer'];
const GREETING_KEYS = ['MS', 'MR', 'NEUTRAL', 'NONE'].map((s) => `email.greeting.${s}`);

export async function renderInvitations(
  tx: Tx,
  config: Config,
  sender: { accountId: string; userId: string; interactionId: string; definitionVersion: number },
  targets: InvitationTarget[],
  now: Date,
): Promise<(typeof mailOutbox.$inferInsert)[]> {
  if (targets.length === 0) return [];
  const [who] = await tx
    .select({ accountName: accounts.name, first: users.firstName, last: users.lastName })
    .from(accounts)
    .leftJoin(users, eq(users.id, sender.userId))
    .where(eq(accounts.id, sender.accountId));
  // The firm's branding, read once per language; per mail only its logo link changes (the client's own token).
  const brandByLocale = new Map<Locale, Awaited<ReturnType<typeof mailBrand>>>();
  for (const locale of new Set(targets.map((t) => t.locale))) brandByLocale.set(locale, await mailBrand(tx, config, { accountId: sender.accountId, locale }));
  const branded = brandByLocale.get(targets[0]!.locale) ?? null;
  const accountName = branded?.brand.firmName ?? who?.accountName ?? '';
  const senderName = [who?.first, who?.last].filter(Boolean).join(' ') || accountName;
  const definition = getInteractionDefinition(sender.interactionId, sender.definitionVersion);
  const byLocale = new Map<Locale, { texts: Record<string, string>; interactionName: string }>();
  for (const locale of new Set(targets.map((t) => t.locale))) {
    const texts = await loadEmailTexts(tx, locale, [...MAIL_KEYS, ...GREETING_KEYS]);
    const [name] = definition
      ? await tx
          .select({ text: translations.text })
          .from(translations)
          .where(and(eq(translations.language, locale), inArray(translations.key, [definition.nameKey])))
          .limit(1)
      : [];
    byLocale.set(locale, { texts, interactionName: name?.text ?? sender.interactionId });
  }
  return targets.map((target) => {
    const brand = brandByLocale.get(target.locale) ?? null;
    const { texts, interactionName } = byLocale.get(target.locale)!;
    const named = target.firstName.trim() !== '' || target.lastName.trim() !== '';
    const greeting = fillPlaceholders(texts[`email.greeting.${named ? target.salutation : 'NONE'}`]!, {
      firstName: target.firstName,
      lastName: target.lastName,
    })
      .replace(/\s+/g, ' ')
      .trim();
    const values = {
      greeting,
      firstName: target.firstName,
      lastName: target.lastName,
      senderName,
      accountName,
      interactionName,
      minutes: String(definition?.estimatedMinutes ?? ''),
      link: inviteUrl(config, target.instanceToken),
      expiresAt: formatDate(target.expiresAt, target.locale),
    };
    const rendered = renderMail(
      { subject: texts['email.invite.subject']!, body: texts['email.invite.body']!, footer: texts['email.layout.footer']! },
      values,
      { locale: target.locale, accountName, ...(brand ? { brand: { ...brand.brand, logoUrl: brand.logoUrlFor(target.instanceToken) } } : {}) },
    );
    const id = randomUUID();
    return {
      id,
      accountId: sender.accountId,
      kind: 'INVITATION' as const,
      dedupeKey: `invite:${target.instanceId}:${now.getTime()}`,
      toAddress: target.email,
      locale: target.locale,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      instanceId: target.instanceId,
      userId: sender.userId,
      messageId: messageIdFor(id, config),
      fromName: brand?.fromName ?? null,
    };
  });
}
