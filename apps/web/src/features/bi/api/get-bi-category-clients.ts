// GET /api/bi/{product}/category/{key}/clients: the clients behind a category (repeated filter, q, group, pages).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBiClientsResponse } from '@bq/contracts/bi';
import type { ClientGroup } from '@bq/domain/client-rules';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { biQueryKey } from './get-bi-categories';

export interface BiClientsRequest {
  locale: Locale;
  filter: string[];
  q: string;
  group: ClientGroup | null;
  page: number;
  pageSize: number;
}

function queryString(request: BiClientsRequest): string {
  const params = new URLSearchParams({ locale: request.locale, page: String(request.page), pageSize: String(request.pageSize) });
  for (const f of request.filter) params.append('filter', f);
  if (request.q) params.set('q', request.q);
  if (request.group) params.set('group', request.group);
  return params.toString();
}

export const biCategoryClientsQueryOptions = (product: ProductType, key: string, request: BiClientsRequest) =>
  queryOptions({
    queryKey: [...biQueryKey, 'clients', product, key, request],
    queryFn: ({ signal }) =>
      api.get<TBiClientsResponse>(`/api/bi/${product}/category/${encodeURIComponent(key)}/clients?${queryString(request)}`, { signal }),
    staleTime: 30_000,
  });

export function useBiCategoryClients(product: ProductType, key: string | null, request: BiClientsRequest) {
  return useQuery({ ...biCategoryClientsQueryOptions(product, key ?? '', request), enabled: Boolean(key), placeholderData: keepPreviousData });
}
