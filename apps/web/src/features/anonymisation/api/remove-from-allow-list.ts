// DELETE /api/productconfig/{id}/anonymization_initiator/participant/{token}: the client is anonymised again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAllowListResponse } from '@bq/contracts/anonymisation';
import { api } from '../../../lib/api-client';

export function removeFromAllowList(productConfigurationId: string, token: string): Promise<TAllowListResponse> {
  return api.delete<TAllowListResponse>(`/api/productconfig/${productConfigurationId}/anonymization_initiator/participant/${encodeURIComponent(token)}`);
}

export function useRemoveFromAllowList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { productConfigurationId: string; token: string }) => removeFromAllowList(v.productConfigurationId, v.token),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
