// GET /api/bi/{product}/categories?locale=: the BI categories of a product, labelled in the UI's language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBiCategoriesResponse } from '@bq/contracts/bi';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

export const biQueryKey = ['bi'] as const;

export const biCategoriesQueryOptions = (product: ProductType, locale: Locale) =>
  queryOptions({
    queryKey: [...biQueryKey, 'categories', product, locale],
    queryFn: ({ signal }) => api.get<TBiCategoriesResponse>(`/api/bi/${product}/categories`, { query: { locale }, signal }),
    staleTime: 5 * 60_000,
  });

export function useBiCategories(product: ProductType, locale: Locale, enabled = true) {
  return useQuery({ ...biCategoriesQueryOptions(product, locale), enabled });
}
