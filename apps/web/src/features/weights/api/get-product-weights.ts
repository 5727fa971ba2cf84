// GET /api/product/{type}/weights?locale=: the dimensions a profile of this product can weight, with names.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProductWeights } from '@bq/contracts/weights';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

export const productWeightsQueryOptions = (productType: ProductType, locale: string) =>
  queryOptions({
    queryKey: ['weights', 'dimensions', productType, locale] as const,
    queryFn: ({ signal }) =>
      api.get<TProductWeights>(`/api/product/${productType}/weights`, { signal, query: { locale } }),
    staleTime: 5 * 60_000,
  });

export function useProductWeights(productType: ProductType, locale: string, enabled = true) {
  return useQuery({ ...productWeightsQueryOptions(productType, locale), enabled });
}
