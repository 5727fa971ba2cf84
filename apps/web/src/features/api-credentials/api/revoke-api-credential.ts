// DELETE /api/management/credentials/{id}: revokes a credential; calls with its secret are refused from then on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { apiCredentialsQueryKey } from './list-api-credentials';

export function revokeApiCredential(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/management/credentials/${encodeURIComponent(id)}`);
}

export function useRevokeApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiCredential,
    meta: { showsOwnError: true },
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_API_CREDENTIAL_REVOKE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiCredentialsQueryKey }),
  });
}
