// GET /api/bi/{product}/category/{key}?locale=&group=: one category's distribution by client group.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBiCategoryResponse } from '@bq/contracts/bi';
import type { ClientGroup } from '@bq/domain/client-rules';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { biQueryKey } from './get-bi-categories';

export const biCategoryQueryOptions = (product: ProductType, key: string, locale: Locale, group: ClientGroup | null) =>
  queryOptions({
    queryKey: [...biQueryKey, 'category', product, key, locale, group],
    queryFn: ({ signal }) =>
      api.get<TBiCategoryResponse>(`/api/bi/${product}/category/${encodeURIComponent(key)}`, {
        query: { locale, ...(group ? { group } : {}) },
        signal,
      }),
    staleTime: 30_000,
  });

export function useBiCategory(product: ProductType, key: string | null, locale: Locale, group: ClientGroup | null) {
  return useQuery({ ...biCategoryQueryOptions(product, key ?? '', locale, group), enabled: Boolean(key), placeholderData: keepPreviousData });
}
