// The client's weight profile for the product: GET and POST /api/user/weightProfile (assign; profileId null
// removes it), and the account's profiles to choose from (GET /api/product/{type}/weightProfiles).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAssignedWeightProfile,
  TAssignWeightProfileRequest,
  TWeightProfileList,
} from '@bq/contracts/weights';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

const assignedKey = (productType: ProductType, userToken: string) =>
  ['weights', 'assigned', productType, userToken] as const;

export function useAssignedWeightProfile(productType: ProductType, userToken: string, enabled: boolean) {
  return useQuery({
    queryKey: assignedKey(productType, userToken),
    queryFn: ({ signal }) =>
      api.get<TAssignedWeightProfile>('/api/user/weightProfile', {
        signal,
        query: { userToken, productType },
      }),
    enabled,
  });
}

export function useWeightProfileOptions(productType: ProductType, enabled: boolean) {
  return useQuery({
    queryKey: ['weights', 'profiles', productType] as const,
    queryFn: ({ signal }) =>
      api.get<TWeightProfileList>(`/api/product/${productType}/weightProfiles`, { signal }),
    enabled,
  });
}

export function useAssignWeightProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAssignWeightProfileRequest) =>
      api.post<TAssignedWeightProfile>('/api/user/weightProfile', request),
    onSuccess: async (assigned) => {
      queryClient.setQueryData(assignedKey(assigned.productType, assigned.userToken), assigned);
      // The result dashboards of this client show the fit of the new profile.
      await queryClient.invalidateQueries({ queryKey: ['weights', 'profiles', assigned.productType] });
      await queryClient.invalidateQueries({ queryKey: ['results'] });
    },
  });
}
