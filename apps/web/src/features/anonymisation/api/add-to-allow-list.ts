// POST /api/productconfig/{id}/user/anonymization_allow_list {userToken}: the client is shown by name again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAllowListResponse } from '@bq/contracts/anonymisation';
import { api } from '../../../lib/api-client';

export function addToAllowList(productConfigurationId: string, userToken: string): Promise<TAllowListResponse> {
  return api.post<TAllowListResponse>(`/api/productconfig/${productConfigurationId}/user/anonymization_allow_list`, { userToken });
}

export function useAddToAllowList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { productConfigurationId: string; userToken: string }) => addToAllowList(v.productConfigurationId, v.userToken),
    // Every list that shows names reads the allow-list: the user (entries) and all cached lists change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
