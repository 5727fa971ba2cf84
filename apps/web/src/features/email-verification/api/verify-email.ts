// GET /api/email/verification/{token}: verifies the address the link was sent to. A token works once, so the
// answer is kept for the page's lifetime and never fetched again (a second call would say "already used").
import { useQuery } from '@tanstack/react-query';
import type { TEmailVerificationResponse } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';

export const verifyEmailQueryKey = (token: string) => ['email-verification', token] as const;

export function verifyEmail(token: string, signal?: AbortSignal): Promise<TEmailVerificationResponse> {
  return api.get<TEmailVerificationResponse>(`/api/email/verification/${encodeURIComponent(token)}`, { signal });
}

export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: verifyEmailQueryKey(token),
    queryFn: ({ signal }) => verifyEmail(token, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnReconnect: false,
  });
}
