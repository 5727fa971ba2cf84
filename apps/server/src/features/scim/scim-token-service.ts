// The account's SCIM token (docs/decisions/0047): issue (shown once, a new one replaces the old), revoke, status, and
// the lookup every SCIM call makes. Only the SHA-256 is stored, as for API credentials.
import { besideRequestWork } from '../../db/request-work';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SCIM_TOKEN_PREFIX } from '@bq/contracts/scim';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { scimTokens } from '../../db/schema';
import { hashSecret } from '../api-credentials/credential-auth';

export interface ScimTokenRow {
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function scimTokenOf(db: Db, accountId: string): Promise<ScimTokenRow | null> {
  const [row] = await db
    .select({ createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(eq(scimTokens.accountId, accountId))
    .limit(1);
  return row ?? null;
}

/** A new token for the account; the previous one, if any, stops working in the same statement. */
export async function issueScimToken(db: Db, auth: { accountId: string; userId: string }): Promise<{ token: string; row: ScimTokenRow }> {
  // 256 random bits: guessing is hopeless, so SCIM calls need no attempt limit of their own.
  const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const values = { tokenHash: hashSecret(token), createdBy: auth.userId, createdAt: new Date(), lastUsedAt: null };
  const [row] = await db
    .insert(scimTokens)
    .values({ accountId: auth.accountId, ...values })
    .onConflictDoUpdate({ target: scimTokens.accountId, set: values })
    .returning({ createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt });
  return { token, row: row! };
}

export async function revokeScimToken(db: Db, accountId: string): Promise<void> {
  const deleted = await db.delete(scimTokens).where(eq(scimTokens.accountId, accountId)).returning({ accountId: scimTokens.accountId });
  if (deleted.length === 0) throw new AppError(ERROR_KEYS.notFound, 404, 'No SCIM token to revoke');
}

/** The account a presented token belongs to, or null (unknown, revoked, replaced, or not a SCIM token at all). */
export async function accountOfScimToken(db: Db, token: string): Promise<string | null> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({ accountId: scimTokens.accountId, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  // "Last used" is for the admin's page, not an audit log: written at most once a minute to keep calls cheap.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= 60_000) {
    // Not the call's change: it stands whatever the call's outcome (docs/decisions/0088).
    await besideRequestWork(db, (root) => root.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.accountId, row.accountId)));
  }
  return row.accountId;
}
