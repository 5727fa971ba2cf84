// Calling a CRM with the connection's tokens (docs/decisions/0094): an access token past its lifetime, or one the CRM
// answers 401 to, is refreshed with the refresh token once and the call made again; a refused refresh marks the
// connection RECONNECT_NEEDED (settings say so) and the call fails with error.crm.reconnect_needed.
import { eq } from 'drizzle-orm';
import { CRM_ERRORS } from '@bq/contracts/crm';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { crmConnections } from '../../db/schema';
import { decryptSecret } from '../../plugins/data-encryption';
import { storeTokens, type ConnectionRow } from './connection-service';
import { crmFetch, endpointsOf, refreshTokens, refusedGrant, type CrmConfig, type CrmEndpoints } from './oauth';
import { CrmHttpError, type CrmApi, type CrmSession } from './providers/types';

/** Refresh this long before the named expiry, so a call does not start with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

async function refresh(db: Db, config: CrmConfig, e: CrmEndpoints, row: ConnectionRow): Promise<string> {
  const stored = row.refreshTokenEncrypted ? decryptSecret(config.dataEncryptionKeys, 'crm-token', row.refreshTokenEncrypted, row.id) : null;
  try {
    if (!stored) throw new AppError(CRM_ERRORS.reconnectNeeded, 409, 'No refresh token');
    const tokens = await refreshTokens(config, e, stored);
    await storeTokens(db, config, row.id, tokens, stored);
    return tokens.accessToken;
  } catch (err) {
    if (!(err instanceof AppError) && !refusedGrant(err)) throw err; // unreachable: a later attempt may succeed
    await db.update(crmConnections).set({ status: 'RECONNECT_NEEDED' }).where(eq(crmConnections.id, row.id));
    throw new AppError(CRM_ERRORS.reconnectNeeded, 409, `The CRM refused the refresh token: ${(err as Error).message}`);
  }
}

/** Runs fn with a usable access token; one refresh and one retry when the token has lapsed. */
export async function withCrm<T>(db: Db, config: CrmConfig, row: ConnectionRow, fn: (api: CrmApi, s: CrmSession) => Promise<T>): Promise<T> {
  if (row.status === 'RECONNECT_NEEDED') throw new AppError(CRM_ERRORS.reconnectNeeded, 409, 'The connection must be made again');
  const e = endpointsOf(config, row.provider);
  if (!e) throw new AppError(CRM_ERRORS.notConfigured, 409, `${row.provider} is not configured on this server`);
  const apiBase = e.apiBase ?? row.instanceUrl ?? '';
  const fetch = crmFetch(config);
  let accessToken = decryptSecret(config.dataEncryptionKeys, 'crm-token', row.accessTokenEncrypted, row.id);
  let refreshed = false;
  if (row.accessExpiresAt && row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS < Date.now()) {
    accessToken = await refresh(db, config, e, row);
    refreshed = true;
  }
  try {
    return await fn(e.api, { accessToken, apiBase, fetch });
  } catch (err) {
    if (!(err instanceof CrmHttpError) || err.status !== 401 || refreshed) throw err;
    accessToken = await refresh(db, config, e, row);
    return fn(e.api, { accessToken, apiBase, fetch });
  }
}
