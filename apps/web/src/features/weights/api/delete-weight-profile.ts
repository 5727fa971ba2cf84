// DELETE /api/weight/profile/{id}: removes the profile and its assignments; refreshes the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { weightProfilesQueryKey } from './get-weight-profiles';

export function useDeleteWeightProfile(productType: ProductType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/weight/profile/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weightProfilesQueryKey(productType) }),
  });
}
