// API credentials of the caller's account: list, create (the secret is returned once), revoke.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  API_CREDENTIAL_DEFAULT_DAYS,
  API_CREDENTIAL_PREFIX,
  type TApiCredential,
  type TCreateApiCredentialResponse,
  type TMemberApiCredential,
} from '@bq/contracts/api-credentials';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accounts, apiCredentials, users } from '../../db/schema';
import { hashSecret } from './credential-auth';

/** Active credentials one account may hold; a runaway script cannot mint them without end. */
export const MAX_ACTIVE_CREDENTIALS = 50;
export const API_CREDENTIAL_ERRORS = { limitReached: 'error.api_credential.limit_reached' } as const;

interface Caller {
  userId: string;
  accountId: string;
}

const columns = {
  id: apiCredentials.id,
  description: apiCredentials.description,
  validFrom: apiCredentials.validFrom,
  lastUsedAt: apiCredentials.lastUsedAt,
  expiresAt: apiCredentials.expiresAt,
  accountId: accounts.id,
  accountName: accounts.name,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type Row = Awaited<ReturnType<typeof selectCredentials>>[number];

function toCredential(row: Row): TApiCredential {
  return {
    id: row.id,
    description: row.description,
    account: { id: row.accountId, name: row.accountName },
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName, email: row.email },
    validFrom: row.validFrom.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

function selectCredentials(db: Db) {
  return db
    .select(columns)
    .from(apiCredentials)
    .innerJoin(accounts, eq(accounts.id, apiCredentials.accountId))
    .innerJoin(users, eq(users.id, apiCredentials.userId));
}

/** Every member's unrevoked credentials, by user id, for the account's members list (features/account-security). */
export async function credentialsByMember(db: Db, accountId: string): Promise<Map<string, TMemberApiCredential[]>> {
  const rows = await db
    .select({
      userId: apiCredentials.userId,
      id: apiCredentials.id,
      description: apiCredentials.description,
      createdAt: apiCredentials.createdAt,
      expiresAt: apiCredentials.expiresAt,
      lastUsedAt: apiCredentials.lastUsedAt,
    })
    .from(apiCredentials)
    .where(and(eq(apiCredentials.accountId, accountId), isNull(apiCredentials.revokedAt)))
    .orderBy(asc(apiCredentials.createdAt), asc(apiCredentials.id));
  const byMember = new Map<string, TMemberApiCredential[]>();
  for (const row of rows) {
    const list = byMember.get(row.userId) ?? [];
    list.push({
      id: row.id,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    });
    byMember.set(row.userId, list);
  }
  return byMember;
}

export async function listApiCredentials(db: Db, caller: Caller): Promise<TApiCredential[]> {
  const rows = await selectCredentials(db)
    .where(and(eq(apiCredentials.accountId, caller.accountId), isNull(apiCredentials.revokedAt)))
    .orderBy(asc(apiCredentials.createdAt), asc(apiCredentials.id));
  return rows.map(toCredential);
}

/** Expired ones stay listed (marked by their date) until revoked: the admin sees what a script was using. */
export async function createApiCredential(
  db: Db,
  caller: Caller,
  description: string,
  expiresInDays: number = API_CREDENTIAL_DEFAULT_DAYS,
): Promise<TCreateApiCredentialResponse> {
  // 256 random bits; the prefix makes a leaked secret recognisable. Only the hash is stored.
  const secret = `${API_CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction(async (tx) => {
    // Serialises creations per account, so the limit holds under concurrent requests.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.accountId)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiCredentials)
      .where(and(eq(apiCredentials.accountId, caller.accountId), isNull(apiCredentials.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_CREDENTIALS) {
      throw new AppError(API_CREDENTIAL_ERRORS.limitReached, 409, `At most ${MAX_ACTIVE_CREDENTIALS} active API credentials`);
    }
    const [row] = await tx
      .insert(apiCredentials)
      .values({ accountId: caller.accountId, userId: caller.userId, description, secretHash: hashSecret(secret), expiresAt: new Date(Date.now() + expiresInDays * 86_400_000) })
      .returning({ id: apiCredentials.id });
    return row!.id;
  });
  const [row] = await selectCredentials(db).where(eq(apiCredentials.id, id)).limit(1);
  return { ...toCredential(row!), secret };
}

export async function revokeApiCredential(db: Db, caller: Caller, id: string): Promise<void> {
  const revoked = await db
    .update(apiCredentials)
    .set({ revokedAt: new Date(), revokedBy: caller.userId })
    .where(and(eq(apiCredentials.id, id), eq(apiCredentials.accountId, caller.accountId), isNull(apiCredentials.revokedAt)))
    .returning({ id: apiCredentials.id });
  // Another account's credential, an unknown one and an already revoked one look alike.
  if (revoked.length === 0) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
}
