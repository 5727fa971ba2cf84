// What deactivating an evaluator means at once (issue 24 point 6): every session of theirs ends and every API
// credential they created is revoked, in the caller's transaction. Deleting session rows notifies every process's
// session cache (migration 0019), as a password reset or an admin's factor reset does.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { apiCredentials, sessions } from '../../db/schema';

export async function endUserAccess(tx: Tx, userId: string): Promise<{ sessions: number; credentials: number }> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  // Revoked, not deleted: the credential's row stays for the audit; revokedBy null says no person revoked it.
  const revoked = await tx
    .update(apiCredentials)
    .set({ revokedAt: new Date(), revokedBy: null })
    .where(and(eq(apiCredentials.userId, userId), isNull(apiCredentials.revokedAt)))
    .returning({ id: apiCredentials.id });
  return { sessions: ended.length, credentials: revoked.length };
}
