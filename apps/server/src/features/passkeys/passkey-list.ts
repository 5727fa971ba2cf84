// The signed-in user's passkeys: list, rename, remove (docs/decisions/0045, removal mails: 0064). Another user's passkey id is 404.
import { and, asc, eq } from 'drizzle-orm';
import type { TPasskey } from '@bq/contracts/passkeys';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userPasskeys } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { mailFactorChange } from '../two-factor/factor-change-mail';

export const PASSKEY_ERRORS = {
  invalid: 'error.passkey.invalid',
  alreadyRegistered: 'error.passkey.already_registered',
  tooMany: 'error.passkey.too_many',
  none: 'error.passkey.none',
} as const;

export function toPasskey(row: typeof userPasskeys.$inferSelect): TPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(db: Db, userId: string): Promise<TPasskey[]> {
  const rows = await db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.createdAt));
  return rows.map(toPasskey);
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<TPasskey> {
  const [row] = await db
    .update(userPasskeys)
    .set({ name })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning();
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return toPasskey(row);
}

/** Removes one of the user's passkeys and mails the user, in one transaction (docs/decisions/0064). */
export async function removePasskey(db: Db, queue: JobQueue, config: Pick<Config, 'publicUrl'>, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
      .returning({ name: userPasskeys.name });
    if (!removed) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    await mailFactorChange(tx, queue, config, userId, { change: 'removed', factor: 'passkey', name: removed.name });
  });
}
