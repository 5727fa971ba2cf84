// GET /api/instance/{token}/invite: the participant's personal link and a ready e-mail (subject and body in
// the client's language) for the adviser's own mail program, as a mailto: link.
import { and, eq, inArray } from 'drizzle-orm';
import type { TInvite } from '@bq/contracts/instances';
import { formatDate } from '@bq/domain/formats';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, clients, translations, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';
import { requireInstance } from './instance-service';

/** Where the participant answers; a public page of the web app (docs/decisions/0008-interactions.md). */
export function inviteUrl(config: Config, instanceToken: string): string {
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

export async function buildInvite(db: Db, config: Config, auth: AuthContext, token: string): Promise<TInvite> {
  const { instance } = await requireInstance(db, auth, token, 'READ');
  const [row] = await db
    .select({ client: clients, accountName: accounts.name, senderFirst: users.firstName, senderLast: users.lastName })
    .from(clients)
    .innerJoin(accounts, eq(accounts.id, clients.accountId))
    .leftJoin(users, eq(users.id, instance.initiatorId ?? auth.userId))
    .where(eq(clients.id, instance.clientId));
  const client = row!.client;
  const definition = getInteractionDefinition(instance.interactionId);
  const texts = new Map(
    (
      await db
        .select({ key: translations.key, text: translations.text })
        .from(translations)
        .where(
          and(
            eq(translations.language, client.locale),
            inArray(translations.key, ['email.invite.subject', 'email.invite.body', definition?.nameKey ?? '']),
          ),
        )
    ).map((t) => [t.key, t.text]),
  );
  const link = inviteUrl(config, instance.token);
  const values = {
    firstName: client.firstName,
    senderName: [row!.senderFirst, row!.senderLast].filter(Boolean).join(' ') || row!.accountName,
    accountName: row!.accountName,
    interactionName: (definition && texts.get(definition.nameKey)) ?? instance.interactionId,
    minutes: String(definition?.estimatedMinutes ?? ''),
    link,
    expiresAt: instance.expiresAt ? formatDate(instance.expiresAt, client.locale) : '',
  };
  const subject = interpolate(texts.get('email.invite.subject') ?? '', values);
  const body = interpolate(texts.get('email.invite.body') ?? '', values);
  return { inviteUrl: link, email: { to: client.email, subject, body }, mailtoUrl: mailtoUrl(client.email, subject, body) };
}
