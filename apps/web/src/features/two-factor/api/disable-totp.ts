// DELETE /api/user/2fa/totp: removes the factor with the password and a code (or a recovery code).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDisableTotpRequest } from '@bq/contracts/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { twoFactorQueryPrefix } from './list-passkeys';

export function disableTotp(request: TDisableTotpRequest): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/user/2fa/totp', { method: 'DELETE', body: request });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    // The status, and the factors the step-up dialog offers (none left: it asks for the password, decision 0064).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryPrefix }),
  });
}
