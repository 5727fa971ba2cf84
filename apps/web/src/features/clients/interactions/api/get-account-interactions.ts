// GET /api/interactions: the interactions the account can send, one per product it may read. The send dialog
// takes the one of the current product (matched by productConfigurationId).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccountInteraction } from '@bq/contracts/instances';
import { api } from '../../../../lib/api-client';

export const accountInteractionsQueryKey = ['interactions', 'account'] as const;

export function fetchAccountInteractions(signal?: AbortSignal): Promise<TAccountInteraction[]> {
  return api.get<TAccountInteraction[]>('/api/interactions', { signal });
}

export const accountInteractionsQueryOptions = () =>
  queryOptions({
    queryKey: accountInteractionsQueryKey,
    queryFn: ({ signal }) => fetchAccountInteractions(signal),
    // Definitions change with a release, not while the app is open.
    staleTime: 10 * 60_000,
  });

/** The interaction of one product configuration; undefined while loading or when the account has none. */
export function useProductInteraction(productConfigurationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...accountInteractionsQueryOptions(),
    enabled: options.enabled ?? true,
    select: (interactions) =>
      interactions.find((interaction) => interaction.productConfigurationId === productConfigurationId) ??
      null,
  });
}
