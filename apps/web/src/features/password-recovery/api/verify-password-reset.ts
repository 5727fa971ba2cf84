// GET /api/user/password/reset/verify?token=: whether the reset link can still be used (it is not spent by asking).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPasswordResetVerifyResponse } from '@bq/contracts/password-recovery';
import { api } from '../../../lib/api-client';

export const passwordResetQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token] as const,
    queryFn: ({ signal }) => api.get<TPasswordResetVerifyResponse>('/api/user/password/reset/verify', { query: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });

export function useVerifyPasswordReset(token: string) {
  return useQuery({ ...passwordResetQueryOptions(token), enabled: token !== '' });
}
