// POST /api/user/2fa/totp/confirm: the first code puts the factor in force; the answer holds the recovery codes, once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConfirmTotpRequest, TConfirmTotpResponse } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { totpStatusQueryKey } from './get-totp-status';

export function confirmTotp(request: TConfirmTotpRequest): Promise<TConfirmTotpResponse> {
  return api.post<TConfirmTotpResponse>('/api/user/2fa/totp/confirm', request);
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpStatusQueryKey }),
  });
}
