// POST /api/admin/repeated_measurement: starts a campaign in the product; the list is reloaded.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateRepeatedMeasurementRequest, TRepeatedMeasurement } from '@bq/contracts/repeated-measurements';
import { api } from '../../../lib/api-client';
import { campaignsQueryKey } from './get-campaigns';

export function useCreateCampaign(productConfigurationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateRepeatedMeasurementRequest) => api.post<TRepeatedMeasurement>('/api/admin/repeated_measurement', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey(productConfigurationId) }),
  });
}
