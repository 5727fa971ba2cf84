// GET /api/sso/scim/token: whether the account has a SCIM token, when issued and last used, and the SCIM base URL.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TScimTokenStatus } from '@bq/contracts/scim';
import { api } from '../../../lib/api-client';

export const scimTokenQueryKey = ['scim-token'] as const;

export function getScimTokenStatus(): Promise<TScimTokenStatus> {
  return api.get<TScimTokenStatus>('/api/sso/scim/token');
}

export const scimTokenQueryOptions = () => queryOptions({ queryKey: scimTokenQueryKey, queryFn: getScimTokenStatus });

export function useScimTokenStatus() {
  return useQuery(scimTokenQueryOptions());
}
