// DELETE /api/user/2fa/passkeys/{id}: a step-up route, so the step-up dialog may come first (lib/api-client.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { twoFactorQueryPrefix } from './list-passkeys';

export function removePasskey(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/user/2fa/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    // Every two-factor query: the list, the enrolment requirement (TOTP status) and the account's members' factors.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryPrefix }),
  });
}
