// What a new sign-in address set by the directory means at once (docs/decisions/0062), in the caller's transaction:
// the address counts as unverified, every session of the user ends (all processes hear the deleted rows, migration
// 0019), password reset links mailed to the old address stop working, and the old address is told, so a person whose
// address was moved away from them learns of it in the mailbox they still read. API credentials stay: they belong to
// the person, not to the address, and whoever moved the address never saw them.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { queueMail } from '../mail/outbox';

export interface AddressChange {
  user: { id: string; accountId: string; firstName: string; lastName: string; locale: Locale };
  oldEmail: string;
  newEmail: string;
}

export async function signInAddressChanged(tx: Tx, queue: JobQueue, config: Pick<Config, 'publicUrl'>, change: AddressChange): Promise<{ sessionsEnded: number }> {
  const { user, oldEmail, newEmail } = change;
  const now = new Date();
  await tx.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
  const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
  await tx
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
  await queueMail(
    tx,
    queue,
    {
      accountId: user.accountId,
      kind: 'SIGN_IN_ADDRESS_CHANGED',
      dedupeKey: `sign-in-address-changed:${user.id}:${now.toISOString()}`,
      to: oldEmail,
      locale: user.locale,
      template: 'signInAddressChanged',
      params: { firstName: user.firstName, lastName: user.lastName, newAddress: newEmail },
      userId: user.id,
    },
    config,
  );
  return { sessionsEnded: ended.length };
}
