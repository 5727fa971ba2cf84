// POST /api/sso/scim/token: a new token for the directory (replacing any previous one); the answer holds it this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIssueScimTokenResponse } from '@bq/contracts/scim';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { scimTokenQueryKey } from './get-scim-token';

export function issueScimToken(): Promise<TIssueScimTokenResponse> {
  return api.post<TIssueScimTokenResponse>('/api/sso/scim/token');
}

export function useIssueScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueScimToken,
    meta: { showsOwnError: true },
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_SCIM_TOKEN_ISSUE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokenQueryKey }),
  });
}
