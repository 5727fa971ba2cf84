// Resolves `Authorization: Bearer <secret>` to the credential's account and user: one indexed lookup by the
// secret's SHA-256, joined with the creating user (who must still be active); unrevoked and unexpired only. Used by
// the auth plugin.
import { besideRequestWork } from '../../db/request-work';
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { API_CREDENTIAL_PREFIX } from '@bq/contracts/api-credentials';
import type { Permission } from '@bq/domain/permissions';
import type { Db } from '../../db/client';
import { apiCredentials, users } from '../../db/schema';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The secret of an `Authorization: Bearer bqk_...` header, or null for anything else. */
export function bearerSecret(header: string): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const secret = match?.[1];
  if (!secret || !secret.startsWith(API_CREDENTIAL_PREFIX) || secret.length > 200) return null;
  return secret;
}

export interface CredentialAuth {
  credentialId: string;
  accountId: string;
  userId: string;
  permissions: Permission[];
  platformOperator: boolean;
}

export async function findCredentialAuth(db: Db, secret: string): Promise<CredentialAuth | null> {
  const now = new Date();
  const [row] = await db
    .select({
      credentialId: apiCredentials.id,
      accountId: apiCredentials.accountId,
      userId: users.id,
      permissions: users.permissions,
      lastUsedAt: apiCredentials.lastUsedAt,
    })
    .from(apiCredentials)
    .innerJoin(users, and(eq(users.id, apiCredentials.userId), eq(users.accountId, apiCredentials.accountId)))
    .where(
      and(
        eq(apiCredentials.secretHash, hashSecret(secret)),
        isNull(apiCredentials.revokedAt),
        lte(apiCredentials.validFrom, now),
        // An expired credential is refused like an unknown one: the caller learns nothing more (docs/decisions/0072).
        gt(apiCredentials.expiresAt, now),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  // "Last used" is for people, not an audit log: written at most once a minute to keep calls cheap.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= 60_000) {
    // Not the call's change: it stands whatever the call's outcome (docs/decisions/0088).
    await besideRequestWork(db, (root) => root.update(apiCredentials).set({ lastUsedAt: now }).where(eq(apiCredentials.id, row.credentialId)));
  }
  // A credential never acts as a platform operator (shared data stays with people who sign in).
  return { credentialId: row.credentialId, accountId: row.accountId, userId: row.userId, permissions: row.permissions, platformOperator: false };
}
