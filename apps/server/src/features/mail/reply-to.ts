// Reply-To of a client's mail (docs/decisions/0083): a client who answers an invitation, reminder or report writes
// to the adviser behind it (the evaluator who sent it, else the one who started the questionnaire), not to the
// platform's no-reply sender. Without an active adviser (none named, or deactivated) the reply goes to the firm's own
// reply address (Settings > Branding), if it set one. Mails the platform sends about an account (audit checkpoints)
// or a user's own sign-in have none.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accountBranding, interactionInstances, users, type MailKind } from '../../db/schema';

const CLIENT_MAILS: ReadonlySet<MailKind> = new Set(['INVITATION', 'REMINDER', 'REPORT']);

export async function replyToFor(tx: Tx, mail: { kind: MailKind; accountId: string | null; userId?: string; instanceId?: string }): Promise<string | null> {
  if (!CLIENT_MAILS.has(mail.kind)) return null;
  return (await adviserAddress(tx, mail)) ?? (mail.accountId ? await firmReplyTo(tx, mail.accountId) : null);
}

async function firmReplyTo(tx: Tx, accountId: string): Promise<string | null> {
  const [row] = await tx.select({ replyTo: accountBranding.replyTo }).from(accountBranding).where(eq(accountBranding.accountId, accountId));
  return row?.replyTo ?? null;
}

async function adviserAddress(tx: Tx, mail: { userId?: string; instanceId?: string }): Promise<string | null> {
  let userId = mail.userId ?? null;
  if (!userId && mail.instanceId) {
    const [instance] = await tx.select({ initiatorId: interactionInstances.initiatorId }).from(interactionInstances).where(eq(interactionInstances.id, mail.instanceId));
    userId = instance?.initiatorId ?? null;
  }
  if (!userId) return null;
  const [user] = await tx.select({ email: users.email, active: users.active }).from(users).where(eq(users.id, userId));
  // A deactivated adviser reads no mail: the reply then goes to the firm.
  return user?.active && user.email ? user.email : null;
}
