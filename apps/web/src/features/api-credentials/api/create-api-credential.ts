// POST /api/management/credentials: creates a credential; the response carries its secret, this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiCredentialRequest, TCreateApiCredentialResponse } from '@bq/contracts/api-credentials';
import { api } from '../../../lib/api-client';
import { apiCredentialsQueryKey } from './list-api-credentials';

export function createApiCredential(request: TCreateApiCredentialRequest): Promise<TCreateApiCredentialResponse> {
  return api.post<TCreateApiCredentialResponse>('/api/management/credentials', request);
}

export function useCreateApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiCredential,
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiCredentialsQueryKey }),
  });
}
