// POST /api/user/2fa/totp/confirm: the first code puts the factor in force; the answer holds the recovery codes, once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConfirmTotpRequest, TConfirmTotpResponse } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { twoFactorQueryPrefix } from './list-passkeys';

export function confirmTotp(request: TConfirmTotpRequest): Promise<TConfirmTotpResponse> {
  return api.post<TConfirmTotpResponse>('/api/user/2fa/totp/confirm', request);
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    // Every two-factor query: the status, and the factors the step-up dialog offers from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryPrefix }),
  });
}
