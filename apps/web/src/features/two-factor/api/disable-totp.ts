// DELETE /api/user/2fa/totp: removes the factor with the password and a code (or a recovery code).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisableTotpRequest } from '@bq/contracts/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { totpStatusQueryKey } from './get-totp-status';

export function disableTotp(request: TDisableTotpRequest): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/user/2fa/totp', { method: 'DELETE', body: request });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpStatusQueryKey }),
  });
}
