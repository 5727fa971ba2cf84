// Spec section 4 "email verification required": a self-service account whose user has not verified the address
// yet may sign in and look around, but may not send questionnaires (create an instance, e-mail an invitation).
// Accounts made by the platform (enterprise, internal, demo) are not held to it.
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { accounts, users } from '../../db/schema';

export const VERIFICATION_REQUIRED = 'error.email_verification.required';

export async function assertMaySendQuestionnaires(db: Db | Tx, auth: { userId: string; accountId: string }): Promise<void> {
  const [row] = await db
    .select({ type: accounts.type, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId)));
  if (row && row.type === 'SELF_SERVICE' && row.verifiedAt === null) {
    throw new AppError(VERIFICATION_REQUIRED, 403, 'Verify your e-mail address before sending questionnaires');
  }
}
