// DELETE /api/sso/scim/token: the directory's next call is refused.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { scimTokenQueryKey } from './get-scim-token';

export function revokeScimToken(): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>('/api/sso/scim/token');
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeScimToken,
    meta: { showsOwnError: true },
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_SCIM_TOKEN_REVOKE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scimTokenQueryKey }),
  });
}
