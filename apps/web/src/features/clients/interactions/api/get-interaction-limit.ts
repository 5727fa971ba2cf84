// GET /api/admin/user/{userId}/resource_limit/BQ_INTERACTION_COUNT/{interactionId}/available: whether the
// product may send one more questionnaire (limit null = unlimited; every instance ever sent counts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResourceLimit } from '@bq/contracts/clients';
import { api } from '../../../../lib/api-client';

export const interactionLimitsQueryKey = ['interactions', 'limit'] as const;

export const interactionLimitQueryKey = (userId: string, interactionId: string) =>
  [...interactionLimitsQueryKey, userId, interactionId] as const;

export function fetchInteractionLimit(
  userId: string,
  interactionId: string,
  signal?: AbortSignal,
): Promise<TResourceLimit> {
  const path = `/api/admin/user/${encodeURIComponent(userId)}/resource_limit/BQ_INTERACTION_COUNT/${encodeURIComponent(interactionId)}/available`;
  return api.get<TResourceLimit>(path, { signal });
}

export const interactionLimitQueryOptions = (userId: string, interactionId: string) =>
  queryOptions({
    queryKey: interactionLimitQueryKey(userId, interactionId),
    queryFn: ({ signal }) => fetchInteractionLimit(userId, interactionId, signal),
    staleTime: 60_000,
  });

export function useInteractionLimit(
  userId: string,
  interactionId: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...interactionLimitQueryOptions(userId, interactionId),
    enabled: (options.enabled ?? true) && interactionId !== '',
  });
}
