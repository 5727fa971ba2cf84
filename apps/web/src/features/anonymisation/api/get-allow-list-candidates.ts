// GET /api/productconfig/{id}/anonymization_allow_list/candidates?q=: clients to put on the allow-list, by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAllowListCandidate } from '@bq/contracts/anonymisation';
import { api } from '../../../lib/api-client';

export const allowListCandidatesQueryOptions = (productConfigurationId: string, q: string) =>
  queryOptions({
    queryKey: ['anonymisation', 'candidates', productConfigurationId, q],
    queryFn: ({ signal }) =>
      api.get<{ items: TAllowListCandidate[] }>(`/api/productconfig/${productConfigurationId}/anonymization_allow_list/candidates`, { query: { q }, signal }),
    staleTime: 10_000,
  });

export function useAllowListCandidates(productConfigurationId: string | null, q: string) {
  return useQuery({ ...allowListCandidatesQueryOptions(productConfigurationId ?? '', q), enabled: Boolean(productConfigurationId), placeholderData: keepPreviousData });
}
