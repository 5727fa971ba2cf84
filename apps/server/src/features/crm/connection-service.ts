// An account's CRM connections (docs/decisions/0094): the OAuth attempt (state and PKCE verifier kept ten minutes,
// used once, bound to the admin who started it), the tokens stored encrypted, the field mapping, disconnecting.
import { createHash } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { CRM_ERRORS, CRM_PROVIDERS, type CrmProvider, type TCrmConnection, type TCrmFieldMapping } from '@bq/contracts/crm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { crmConnections, crmOauthStates, crmSyncStates } from '../../db/schema';
import { encryptSecret } from '../../plugins/data-encryption';
import { authorizationUrl, endpointsOf, exchangeCode, redirectUri, type CrmConfig, type CrmEndpoints, type CrmTokens } from './oauth';

const STATE_TTL_MS = 10 * 60_000;
export type ConnectionRow = typeof crmConnections.$inferSelect;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

export function endpointsOrRefuse(config: CrmConfig, provider: CrmProvider): CrmEndpoints {
  const e = endpointsOf(config, provider);
  if (!e) throw new AppError(CRM_ERRORS.notConfigured, 409, `${provider} is not configured on this server`);
  return e;
}

export async function findConnection(db: Db, accountId: string, provider: CrmProvider): Promise<ConnectionRow> {
  const [row] = await db.select().from(crmConnections).where(and(eq(crmConnections.accountId, accountId), eq(crmConnections.provider, provider)));
  if (!row) throw new AppError(CRM_ERRORS.notConnected, 404, `No ${provider} connection`);
  return row;
}

export async function listConnections(db: Db, config: CrmConfig, accountId: string): Promise<TCrmConnection[]> {
  const rows = await db.select().from(crmConnections).where(eq(crmConnections.accountId, accountId));
  const failed = await db
    .select({ connectionId: crmSyncStates.connectionId, n: count() })
    .from(crmSyncStates)
    .where(and(eq(crmSyncStates.accountId, accountId), eq(crmSyncStates.status, 'FAILED')))
    .groupBy(crmSyncStates.connectionId);
  return CRM_PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider);
    return {
      provider,
      available: endpointsOf(config, provider) !== null,
      status: row?.status ?? 'NOT_CONNECTED',
      connectedAt: row?.connectedAt.toISOString() ?? null,
      instanceUrl: row?.instanceUrl ?? null,
      mapping: row?.fieldMapping ?? null,
      lastFullSyncAt: row?.lastFullSyncAt?.toISOString() ?? null,
      failedClients: row ? (failed.find((f) => f.connectionId === row.id)?.n ?? 0) : 0,
    };
  });
}

/** The CRM's authorize URL for this admin; the state and verifier wait for the callback in crm_oauth_states. */
export async function startConnect(db: Db, config: CrmConfig, auth: { accountId: string; userId: string }, provider: CrmProvider) {
  const e = endpointsOrRefuse(config, provider);
  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db.insert(crmOauthStates).values({ stateHash: hashOf(state), accountId: auth.accountId, userId: auth.userId, provider, codeVerifier, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
  return { authorizationUrl: await authorizationUrl(config, provider, e, state, codeVerifier) };
}

/** Takes the state once: unknown, expired, used, another provider's or another user's all read as invalid. */
async function takeState(db: Db, provider: CrmProvider, state: string | undefined, userId: string) {
  if (!state) throw new AppError(CRM_ERRORS.stateInvalid, 400, 'The connection attempt has no state');
  const [row] = await db
    .update(crmOauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(crmOauthStates.stateHash, hashOf(state)), eq(crmOauthStates.provider, provider), eq(crmOauthStates.userId, userId), isNull(crmOauthStates.usedAt), gt(crmOauthStates.expiresAt, new Date())))
    .returning();
  if (!row) throw new AppError(CRM_ERRORS.stateInvalid, 400, 'The connection attempt is unknown, expired or already used');
  return row;
}

export async function storeTokens(db: Db, config: CrmConfig, id: string, tokens: CrmTokens, keepRefresh: string | null = null) {
  const refresh = tokens.refreshToken ?? keepRefresh;
  await db
    .update(crmConnections)
    .set({
      status: 'CONNECTED',
      accessTokenEncrypted: encryptSecret(config.dataEncryptionKeys, 'crm-token', tokens.accessToken, id),
      refreshTokenEncrypted: refresh ? encryptSecret(config.dataEncryptionKeys, 'crm-token', refresh, id) : null,
      accessExpiresAt: tokens.expiresAt,
      ...(tokens.instanceUrl ? { instanceUrl: tokens.instanceUrl } : {}),
    })
    .where(eq(crmConnections.id, id));
}

/** The browser's return from the CRM: the state checked and used up, the code exchanged, the tokens stored. */
export async function completeConnect(db: Db, config: CrmConfig, auth: { accountId: string; userId: string }, provider: CrmProvider, query: Record<string, string | undefined>) {
  const attempt = await takeState(db, provider, query.state, auth.userId);
  if (attempt.accountId !== auth.accountId) throw new AppError(CRM_ERRORS.stateInvalid, 400, 'The connection attempt is unknown');
  if (query.error || !query.code) throw new AppError(CRM_ERRORS.authorizationFailed, 400, `The CRM answered ${query.error ?? 'no code'}`);
  const e = endpointsOrRefuse(config, provider);
  const callback = new URL(redirectUri(config, provider));
  for (const [k, v] of Object.entries(query)) if (v !== undefined) callback.searchParams.set(k, v);
  let tokens: CrmTokens;
  try {
    tokens = await exchangeCode(config, provider, e, callback, query.state!, attempt.codeVerifier);
  } catch (err) {
    throw new AppError(CRM_ERRORS.authorizationFailed, 400, `The CRM refused the code: ${(err as Error).message}`);
  }
  if (provider === 'SALESFORCE' && !tokens.instanceUrl) throw new AppError(CRM_ERRORS.authorizationFailed, 400, 'Salesforce named no instance_url');
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(crmConnections)
    .values({ id, accountId: auth.accountId, provider, accessTokenEncrypted: '-', connectedBy: auth.userId })
    .onConflictDoUpdate({ target: [crmConnections.accountId, crmConnections.provider], set: { connectedBy: auth.userId, connectedAt: new Date() } })
    .returning({ id: crmConnections.id });
  await storeTokens(db, config, row!.id, tokens);
  // Clients that failed while the connection was lost are tried again now.
  await db.update(crmSyncStates).set({ nextAttemptAt: new Date() }).where(and(eq(crmSyncStates.connectionId, row!.id), eq(crmSyncStates.status, 'FAILED')));
  return row!.id;
}

export async function setMapping(db: Db, accountId: string, provider: CrmProvider, mapping: TCrmFieldMapping): Promise<void> {
  const row = await findConnection(db, accountId, provider);
  await db.update(crmConnections).set({ fieldMapping: mapping }).where(eq(crmConnections.id, row.id));
}

/** Removes the tokens and the clients' sync states; the CRM keeps what was written (the trail records who did it). */
export async function disconnect(db: Db, accountId: string, provider: CrmProvider): Promise<void> {
  const row = await findConnection(db, accountId, provider);
  await db.delete(crmConnections).where(eq(crmConnections.id, row.id));
}

export const notFound = () => new AppError(ERROR_KEYS.notFound, 404, 'No such client');
