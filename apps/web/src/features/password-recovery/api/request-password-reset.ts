// POST /api/user/password/reset: a reset link for the address, if it has an account (same answer for any address).
import { useMutation } from '@tanstack/react-query';
import type { TPasswordResetRequest, TPasswordResetRequestResponse } from '@bq/contracts/password-recovery';
import { api } from '../../../lib/api-client';

export function requestPasswordReset(request: TPasswordResetRequest): Promise<TPasswordResetRequestResponse> {
  return api.post<TPasswordResetRequestResponse>('/api/user/password/reset', request);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { showsOwnError: true } });
}
