// Reply-To of a client's mail (docs/decisions/0083): a client who answers an invitation, reminder or report writes
// to the adviser behind it (the evaluator who sent it, else the one who started the questionnaire), not to the
// platform's no-reply sender. Mails the platform sends about an account (audit checkpoints) or a user's own sign-in
// have none, and so does a mail whose adviser was deactivated. With an own sender (features/branding/own-sender.ts) the From is already the firm's address, so a mail
// without an adviser still reaches the firm.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { interactionInstances, users, type MailKind } from '../../db/schema';

const CLIENT_MAILS: ReadonlySet<MailKind> = new Set(['INVITATION', 'REMINDER', 'REPORT']);

export async function replyToFor(tx: Tx, mail: { kind: MailKind; userId?: string; instanceId?: string }): Promise<string | null> {
  if (!CLIENT_MAILS.has(mail.kind)) return null;
  let userId = mail.userId ?? null;
  if (!userId && mail.instanceId) {
    const [instance] = await tx.select({ initiatorId: interactionInstances.initiatorId }).from(interactionInstances).where(eq(interactionInstances.id, mail.instanceId));
    userId = instance?.initiatorId ?? null;
  }
  if (!userId) return null;
  const [user] = await tx.select({ email: users.email, active: users.active }).from(users).where(eq(users.id, userId));
  // A deactivated adviser reads no mail: the reply then goes where the From points (the firm's own sender, if any).
  return user?.active && user.email ? user.email : null;
}
