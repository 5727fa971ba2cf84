// GET /api/admin/repeated_measurement?productConfigurationId=: the product's campaigns, newest first (teams are
// listed under one of them).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRepeatedMeasurement } from '@bq/contracts/repeated-measurements';
import { api } from '../../../lib/api-client';

export const campaignsQueryKey = (productConfigurationId: string) => ['repeated-measurements', 'list', productConfigurationId] as const;

export const campaignsQueryOptions = (productConfigurationId: string) =>
  queryOptions({
    queryKey: campaignsQueryKey(productConfigurationId),
    queryFn: ({ signal }) => api.get<TRepeatedMeasurement[]>('/api/admin/repeated_measurement', { query: { productConfigurationId }, signal }),
  });

export function useCampaigns(productConfigurationId: string) {
  return useQuery(campaignsQueryOptions(productConfigurationId));
}
