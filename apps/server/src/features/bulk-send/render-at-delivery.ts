// The outbox dispatcher's renderer of bulk invitations (docs/decisions/0057 addendum): a chunk writes only each mail's
// values, and the mail is rendered here, just before it is sent, exactly as the chunk used to render it. The shared
// texts and branding of a sender and language are read once and kept for a minute, so a round of a few hundred mails
// costs no queries; a mail that cannot be rendered is answered with its error and does not hold back the others.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { OutboxMail } from '../mail/transport';
import { invitationContext, renderInvitation, type InvitationContext } from './render-invitations';

/** How long the texts and branding of one sender and language are reused (a change reaches the mails after this). */
const CONTEXT_SECONDS = 60;

export type RenderOutcome = { ok: true; mail: OutboxMail } | { ok: false; error: Error };

export function createDeliveryRenderer(db: Db, config: Config): (mails: OutboxMail[]) => Promise<RenderOutcome[]> {
  const contexts = new Map<string, { at: number; context: Promise<InvitationContext> }>();
  const contextFor = (mail: OutboxMail) => {
    const v = mail.renderValues!;
    const nameLocale = v.nameLocale ?? mail.locale;
    const key = [mail.accountId, mail.userId, v.interactionId, v.definitionVersion, mail.locale, nameLocale].join('|');
    const now = Date.now();
    const cached = contexts.get(key);
    if (cached && now - cached.at < CONTEXT_SECONDS * 1000) return cached.context;
    // Expired entries go, so a long-running worker keeps only the senders of the last minute.
    for (const [k, entry] of contexts) if (now - entry.at >= CONTEXT_SECONDS * 1000) contexts.delete(k);
    const sender = { accountId: mail.accountId!, userId: mail.userId!, interactionId: v.interactionId, definitionVersion: v.definitionVersion };
    const context = db.transaction((tx) => invitationContext(tx, config, sender, mail.locale, nameLocale));
    // A failed read is not kept: the next round reads again.
    context.catch(() => contexts.delete(key));
    contexts.set(key, { at: now, context });
    return context;
  };
  return async (mails) =>
    Promise.all(
      mails.map(async (mail): Promise<RenderOutcome> => {
        if (!mail.renderValues) return { ok: true, mail };
        try {
          const v = mail.renderValues;
          if (v.template !== 'invite' || !mail.accountId || !mail.userId) throw new Error(`cannot render a ${v.template} mail without its account and sender`);
          const rendered = renderInvitation(await contextFor(mail), config, { ...v, expiresAt: new Date(v.expiresAt) });
          return { ok: true, mail: { ...mail, ...rendered } };
        } catch (err) {
          return { ok: false, error: err instanceof Error ? err : new Error(String(err)) };
        }
      }),
    );
}
