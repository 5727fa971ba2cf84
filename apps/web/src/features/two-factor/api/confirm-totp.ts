// POST /api/user/2fa/totp/confirm: the first code puts the factor in force; the answer holds the recovery codes, once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConfirmTotpRequest, TConfirmTotpResponse } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { twoFactorQueryPrefix } from './list-passkeys';

export function confirmTotp(request: TConfirmTotpRequest): Promise<TConfirmTotpResponse> {
  return api.post<TConfirmTotpResponse>('/api/user/2fa/totp/confirm', request);
}

/**
 * `onConfirmed` gets the recovery codes before the two-factor queries refresh: once the status reads "on", the
 * enrolment form that called `mutate` is gone, and a callback passed to `mutate` would never run (the codes were lost
 * that way once, caught by e2e/two-factor.spec.ts).
 */
export function useConfirmTotp(onConfirmed: (recoveryCodes: string[]) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: (response) => {
      onConfirmed(response.recoveryCodes);
      // Every two-factor query: the status, and the factors the step-up dialog offers from now on.
      return queryClient.invalidateQueries({ queryKey: twoFactorQueryPrefix });
    },
  });
}
