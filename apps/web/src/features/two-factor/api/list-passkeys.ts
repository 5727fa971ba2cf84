// GET /api/user/2fa/passkeys: the signed-in user's passkeys.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPasskeyListResponse } from '@bq/contracts/passkeys';
import { api } from '../../../lib/api-client';

/** The first element of every query key of Settings > Security (get-totp-status.ts, account-security.ts, step-up.ts). */
export const twoFactorQueryPrefix = ['two-factor'] as const;
export const passkeysQueryKey = ['two-factor', 'passkeys'] as const;

export function listPasskeys(): Promise<TPasskeyListResponse> {
  return api.get<TPasskeyListResponse>('/api/user/2fa/passkeys');
}

export function usePasskeys() {
  return useQuery(queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys }));
}
