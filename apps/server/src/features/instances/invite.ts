// GET /api/instance/{token}/invite: the participant's personal link and a ready e-mail (subject and body in
// the client's language) for the adviser's own mail program, as a mailto: link.
import { and, eq, inArray } from 'drizzle-orm';
import type { TInvite } from '@bq/contracts/instances';
import { formatDate } from '@bq/domain/formats';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accountBranding, accounts, clients, translations, users, type interactionInstances } from '../../db/schema';
import { FIRM_BRANDING_JOIN, FIRM_NAME } from '../branding/firm-name';
import type { AuthContext } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';
import { clientViewFor } from '../anonymisation/client-view';
import { mailValue } from '../mail/mail-values';
import { clientGreeting } from '../mail/greeting';
import { requireInstance } from './instance-service';
import { clientLinkBase } from '../branding/client-base-url';

/** Where the participant answers; a public page of the web app (docs/decisions/0008-interactions.md). */
export function inviteUrl(config: Pick<Config, 'publicUrl'>, instanceToken: string): string {
  return `${config.publicUrl}/q/${encodeURIComponent(instanceToken)}`;
}

export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** RFC 6068: percent-encoded, with line breaks as CRLF. */
export function mailtoUrl(to: string, subject: string, body: string): string {
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
  return `mailto:${encodeURIComponent(to)}?subject=${encodeURIComponent(crlf(subject))}&body=${encodeURIComponent(crlf(body))}`;
}

type InstanceRow = typeof interactionInstances.$inferSelect;

/**
 * The client and the values of the invitation texts (email.invite.*, also used by the reminders): the same
 * for the mailto: link and the real e-mail, so both say the same. Works inside a transaction too.
 */
export async function invitationValues(db: Db | Tx, config: Config, instance: InstanceRow, fallbackSenderId?: string) {
  const [row] = await db
    .select({ client: clients, accountName: FIRM_NAME, senderFirst: users.firstName, senderLast: users.lastName })
    .from(clients)
    .innerJoin(accounts, eq(accounts.id, clients.accountId))
    .leftJoin(accountBranding, FIRM_BRANDING_JOIN)
    .leftJoin(users, eq(users.id, instance.initiatorId ?? fallbackSenderId ?? clients.createdBy))
    .where(eq(clients.id, instance.clientId));
  if (!row) throw new Error(`client of instance ${instance.id} not found`);
  const client = row.client;
  const definition = getInteractionDefinition(instance.interactionId, instance.definitionVersion);
  const [name] = definition
    ? await db
        .select({ text: translations.text })
        .from(translations)
        .where(and(eq(translations.language, client.locale), eq(translations.key, definition.nameKey)))
        .limit(1)
    : [];
  const values = {
    // The salutation the adviser chose (issue 22, docs/decisions/0033); the names stay for the subject.
    greeting: await clientGreeting(db, client.locale, client),
    firstName: client.firstName,
    lastName: client.lastName,
    senderName: [row.senderFirst, row.senderLast].filter(Boolean).join(' ') || row.accountName,
    accountName: row.accountName,
    interactionName: name?.text ?? instance.interactionId,
    minutes: String(definition?.estimatedMinutes ?? ''),
    link: inviteUrl(await clientLinkBase(db, config, instance.accountId), instance.token),
    expiresAt: instance.expiresAt ? formatDate(instance.expiresAt, client.locale) : '',
  };
  return { client, values };
}

export async function buildInvite(db: Db, config: Config, auth: AuthContext, token: string): Promise<TInvite> {
  const { instance } = await requireInstance(db, auth, token, 'READ');
  const { client, values: named } = await invitationValues(db, config, instance, auth.userId);
  // A client anonymised for this viewer (docs/decisions/0021): no address, no name; the server's own e-mail
  // (POST .../invite/email) still reaches them.
  const hidden = (await clientViewFor(db, auth, instance.productConfigurationId, instance.clientId)).hidden;
  // Written as the platform's own mail writes them (one line, link-like words defanged), so both say the same.
  const shown = hidden
    ? { ...named, firstName: '', lastName: '', greeting: await clientGreeting(db, client.locale, { salutation: 'NEUTRAL', firstName: '', lastName: '' }) }
    : named;
  const values = Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, mailValue(k, v)])) as typeof named;
  const to = hidden ? '' : client.email;
  const texts = new Map(
    (
      await db
        .select({ key: translations.key, text: translations.text })
        .from(translations)
        .where(and(eq(translations.language, client.locale), inArray(translations.key, ['email.invite.subject', 'email.invite.body'])))
    ).map((t) => [t.key, t.text]),
  );
  // Without the names, "Hello ," reads "Hello,".
  const tidy = (text: string) => (hidden ? text.replace(/[ \t]+,/g, ',').replace(/[ \t]{2,}/g, ' ') : text);
  const subject = tidy(interpolate(texts.get('email.invite.subject') ?? '', values));
  const body = tidy(interpolate(texts.get('email.invite.body') ?? '', values));
  return { inviteUrl: values.link, email: { to, subject, body }, mailtoUrl: mailtoUrl(to, subject, body) };
}
