// POST /api/credit/unlock: a LOCKED finished result is unlocked by spending exactly one credit, in the same
// transaction that records the ledger row (DESIGN.md sections 3 and 5). The account row is locked first, so
// concurrent unlocks of one account run one after the other and the balance they read is the real one.
import { and, eq, sql } from 'drizzle-orm';
import type { TUnlockResponse } from '@bq/contracts/credits';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { accounts, creditLedger, interactionInstances } from '../../db/schema';
import type { AuthContext, ProductPermission } from '../../plugins/auth';
import { requireInstance } from '../instances/instance-service';
import { creditBalance } from '../user/user-service';
import { queueCrmSyncForInstance } from '../crm/sync-queue';

export const CREDIT_ERRORS = {
  paymentRequired: 'error.credit.payment_required',
  resultNotReady: 'error.credit.result_not_ready',
} as const;

export const UNLOCK_LEDGER_REASON = 'UNLOCK';

/**
 * Unlocking spends the account's credit and changes the result's lock: INDIVIDUAL_RESULTS/UPDATE in the product's
 * realm, never READ (docs/decisions/0031). Declared on the route and checked here in the instance's own realm.
 */
export const UNLOCK_RESULT = { entity: 'INDIVIDUAL_RESULTS', action: 'UPDATE' } as const satisfies ProductPermission;

export async function unlockResult(
  db: Db,
  auth: AuthContext,
  interactionToken: string,
  /** Runs in the unlocking transaction (the auto report mail is due once a result opens). */
  onUnlocked?: (tx: Tx, instanceId: string) => Promise<unknown>,
): Promise<TUnlockResponse> {
  // Access first (404 for another account's token, 403 without the unlock permission), outside the lock.
  const { instance } = await requireInstance(db, auth, interactionToken, UNLOCK_RESULT.action, { entity: UNLOCK_RESULT.entity });

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, auth.accountId)).for('update');
    const [current] = await tx
      .select({ status: interactionInstances.status, lockStatus: interactionInstances.lockStatus })
      .from(interactionInstances)
      .where(and(eq(interactionInstances.id, instance.id), eq(interactionInstances.accountId, auth.accountId)))
      .for('update');
    if (!current) throw new AppError('error.not_found', 404, 'Not found');
    if (!hasResult(current.status)) {
      throw new AppError(CREDIT_ERRORS.resultNotReady, 409, 'The result is not available yet');
    }
    if (current.lockStatus !== 'LOCKED') {
      // Already open (unlocked before, or a trial result): nothing to spend.
      return { interactionToken, lockStatus: current.lockStatus, creditSpent: false, creditBalance: await creditBalance(txDb, auth.accountId) };
    }
    const balance = await creditBalance(txDb, auth.accountId);
    if (balance < 1) throw new AppError(CREDIT_ERRORS.paymentRequired, 402, 'No credits left');
    await tx.insert(creditLedger).values({
      accountId: auth.accountId,
      delta: -1,
      reason: UNLOCK_LEDGER_REASON,
      reference: interactionToken,
      userId: auth.userId,
    });
    await tx
      .update(interactionInstances)
      .set({ lockStatus: 'UNLOCKED', unlockedAt: sql`now()`, unlockedBy: auth.userId, updatedAt: new Date() })
      .where(eq(interactionInstances.id, instance.id));
    // A connected CRM was told "locked" without the class: it hears the class with this commit (docs/decisions/0094).
    await queueCrmSyncForInstance(tx, instance.id);
    await onUnlocked?.(tx, instance.id);
    return { interactionToken, lockStatus: 'UNLOCKED', creditSpent: true, creditBalance: balance - 1 };
  });
}
