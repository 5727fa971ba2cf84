// POST /api/weight/profile (create) and PUT /api/weight/profile/{id} (edit); both refresh the profile list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateWeightProfileRequest,
  TUpdateWeightProfileRequest,
  TWeightProfile,
} from '@bq/contracts/weights';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { weightProfilesQueryKey } from './get-weight-profiles';

export type SaveWeightProfile = {
  id: string | null;
  productType: ProductType;
  body: TUpdateWeightProfileRequest;
};

export function saveWeightProfile({ id, productType, body }: SaveWeightProfile): Promise<TWeightProfile> {
  if (id) return api.put<TWeightProfile>(`/api/weight/profile/${id}`, body);
  const request: TCreateWeightProfileRequest = { productType, ...body };
  return api.post<TWeightProfile>('/api/weight/profile', request);
}

export function useSaveWeightProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeightProfile,
    onSuccess: (profile) =>
      queryClient.invalidateQueries({ queryKey: weightProfilesQueryKey(profile.productType) }),
  });
}
