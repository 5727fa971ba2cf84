// GET /api/management/credentials: the account's active API credentials (never their secrets).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiCredentialList } from '@bq/contracts/api-credentials';
import { api } from '../../../lib/api-client';

export const apiCredentialsQueryKey = ['api-credentials'] as const;

export function listApiCredentials(): Promise<TApiCredentialList> {
  return api.get<TApiCredentialList>('/api/management/credentials');
}

export const apiCredentialsQueryOptions = () =>
  queryOptions({ queryKey: apiCredentialsQueryKey, queryFn: listApiCredentials });

export function useApiCredentials() {
  return useQuery(apiCredentialsQueryOptions());
}
