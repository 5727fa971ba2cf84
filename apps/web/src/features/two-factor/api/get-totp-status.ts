// GET /api/user/2fa/totp: whether the signed-in user's second factor is on, and how many recovery codes are left.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTotpStatusResponse } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';

export const totpStatusQueryKey = ['two-factor', 'totp'] as const;

export function getTotpStatus(): Promise<TTotpStatusResponse> {
  return api.get<TTotpStatusResponse>('/api/user/2fa/totp');
}

export const totpStatusQueryOptions = () => queryOptions({ queryKey: totpStatusQueryKey, queryFn: getTotpStatus });

export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions());
}
