// GET /api/participants?productConfigurationId=: the product's clients by name, to add one to the campaign.
import { useQuery } from '@tanstack/react-query';
import type { TClientListResponse } from '@bq/contracts/clients';
import { api } from '../../../lib/api-client';

export function useProductClients(productConfigurationId: string) {
  return useQuery({
    queryKey: ['repeated-measurements', 'clients', productConfigurationId] as const,
    queryFn: ({ signal }) =>
      api.get<TClientListResponse>('/api/participants', { query: { productConfigurationId, sort: 'name', order: 'asc', pageSize: 100 }, signal }),
    staleTime: 30_000,
  });
}
