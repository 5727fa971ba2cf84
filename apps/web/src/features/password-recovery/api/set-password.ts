// POST /api/user/password: the new password with the reset link's token; every session of the user ends.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetPasswordRequest } from '@bq/contracts/password-recovery';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function setPassword(request: TSetPasswordRequest): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/user/password', request);
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    meta: { showsOwnError: true },
    // Every session of the user ended, this browser's too.
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}
