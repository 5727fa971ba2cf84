// GET /api/comparison?productType=&clientToken=..&locale=: the chosen clients side by side, the first as reference.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientComparison } from '@bq/contracts/comparison';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';

export const comparisonQueryKey = (productType: ProductType, tokens: string[], locale: string) =>
  ['comparison', productType, tokens, locale] as const;

export function fetchComparison(
  productType: ProductType,
  tokens: string[],
  locale: string,
  signal?: AbortSignal,
): Promise<TClientComparison> {
  const query = new URLSearchParams({ productType, locale });
  for (const token of tokens) query.append('clientToken', token);
  return api.get<TClientComparison>(`/api/comparison?${query.toString()}`, { signal });
}

export const comparisonQueryOptions = (productType: ProductType, tokens: string[], locale: string) =>
  queryOptions({
    queryKey: comparisonQueryKey(productType, tokens, locale),
    queryFn: ({ signal }) => fetchComparison(productType, tokens, locale, signal),
    staleTime: 30_000,
  });

export function useComparisonQuery(productType: ProductType, tokens: string[], locale: string) {
  return useQuery({
    ...comparisonQueryOptions(productType, tokens, locale),
    enabled: tokens.length >= 2,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
