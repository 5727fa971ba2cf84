// GET /api/user: the signed-in evaluator. Loaded by the main container before any evaluator page renders; the
// shell, product pages and settings read it from the cache.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@bq/contracts/user';
import { api } from '../api-client';
import { currentUserQueryKey } from '../query-keys';

export function fetchCurrentUser(signal?: AbortSignal): Promise<TUser> {
  return api.get<TUser>('/api/user', { signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 60_000,
  });

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled: options.enabled ?? true });
}

/** The user inside the main container, where it is always loaded. */
export function useSignedInUser(): TUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser is only available below the main container');
  return data;
}
