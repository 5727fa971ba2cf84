// GET /api/participants?productConfigurationId=&q=: clients of the product to pick members from, by name.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TClientListResponse } from '@bq/contracts/clients';
import { api } from '../../../lib/api-client';

export function useClientSearch(productConfigurationId: string, q: string) {
  return useQuery({
    queryKey: ['teams', 'client-search', productConfigurationId, q] as const,
    queryFn: ({ signal }) =>
      api.get<TClientListResponse>('/api/participants', {
        query: { productConfigurationId, q: q || undefined, sort: 'name', order: 'asc', pageSize: 100 },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
