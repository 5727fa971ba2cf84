// GET /api/admin/user/{userId}/resource_limit/BQ_USER_COUNT/BQ_USER_COUNT/available: whether the account may
// create one more client (limit null = unlimited).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResourceLimit } from '@bq/contracts/clients';
import { api } from '../../../lib/api-client';

export const clientLimitQueryKey = (userId: string) => ['clients', 'limit', userId] as const;

export function fetchClientLimit(userId: string, signal?: AbortSignal): Promise<TResourceLimit> {
  const path = `/api/admin/user/${encodeURIComponent(userId)}/resource_limit/BQ_USER_COUNT/BQ_USER_COUNT/available`;
  return api.get<TResourceLimit>(path, { signal });
}

export const clientLimitQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: clientLimitQueryKey(userId),
    queryFn: ({ signal }) => fetchClientLimit(userId, signal),
    staleTime: 60_000,
  });

export function useClientLimit(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...clientLimitQueryOptions(userId), enabled: options.enabled ?? true });
}
