// GET /api/product/{type}/weightProfiles: the account's profiles of the product type.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWeightProfileList } from '@bq/contracts/weights';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

export const weightProfilesQueryKey = (productType: ProductType) =>
  ['weights', 'profiles', productType] as const;

export const weightProfilesQueryOptions = (productType: ProductType) =>
  queryOptions({
    queryKey: weightProfilesQueryKey(productType),
    queryFn: ({ signal }) =>
      api.get<TWeightProfileList>(`/api/product/${productType}/weightProfiles`, { signal }),
  });

export function useWeightProfiles(productType: ProductType, enabled = true) {
  return useQuery({ ...weightProfilesQueryOptions(productType), enabled });
}
