// The mail to a user whose second factors changed (docs/decisions/0064): a factor added (TOTP with its new recovery
// codes, a passkey), one removed, all of them reset by an admin, or the code factor locked by wrong codes (0069). Queued in the change's own transaction (the
// outbox), so a committed change always tells its user and a rolled-back one never does. The user is the one who can
// tell whether it was them; an intruder holding the session cannot stop the mail.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { queueMail } from '../mail/outbox';
import { fillPlaceholders, loadEmailTexts } from '../mail/render-mail';

export type FactorChange =
  | { change: 'added' | 'removed'; factor: 'totp' | 'totpWithCodes' }
  | { change: 'added' | 'removed'; factor: 'passkey'; name: string }
  | { change: 'reset' }
  /** Too many wrong codes in a row locked the code factor (issue 36 point 12). */
  | { change: 'locked' };

const TEMPLATE = { added: 'factorAdded', removed: 'factorRemoved', reset: 'factorsReset', locked: 'factorLocked' } as const;

/** "2026-12-06 14:03 UTC": one unambiguous form for every language (the mail has no time zone of the reader). */
export const mailTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function mailFactorChange(tx: Tx, queue: JobQueue, config: Pick<Config, 'publicUrl'>, userId: string, what: FactorChange, at = new Date()): Promise<void> {
  const [user] = await tx
    .select({ accountId: users.accountId, email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  let factor = '';
  if (what.change === 'added' || what.change === 'removed') {
    const key = `email.factor.${what.factor}`;
    const label = (await loadEmailTexts(tx, user.locale, [key]))[key]!;
    // The passkey's name is the user's own text: filled in plainly here, defanged with the rest of the value later.
    factor = fillPlaceholders(label, what.factor === 'passkey' ? { name: what.name } : {}, (_name, value) => value);
  }
  await queueMail(
    tx,
    queue,
    {
      accountId: user.accountId,
      kind: 'SECOND_FACTOR_CHANGED',
      // Every change is its own mail: two passkeys added in a minute are two mails.
      dedupeKey: `factor-change:${userId}:${randomUUID()}`,
      to: user.email,
      locale: user.locale,
      template: TEMPLATE[what.change],
      params: {
        firstName: user.firstName,
        lastName: user.lastName,
        time: mailTime(at),
        link: `${config.publicUrl}/settings/security`,
        ...(factor ? { factor } : {}),
      },
      userId,
    },
    config,
  );
}
