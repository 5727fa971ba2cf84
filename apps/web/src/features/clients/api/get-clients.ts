// GET /api/participants: one page of the product's clients, searched, filtered and sorted by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientListQuery, TClientListResponse } from '@bq/contracts/clients';
import { api } from '../../../lib/api-client';

/** The list query as this client sends it (the contract's input type leaves page sizes open to coercion). */
export type ClientListRequest = Omit<TClientListQuery, 'page' | 'pageSize'> & {
  page: number;
  pageSize: number;
};

/** Prefix of every client list query; mutations that change a client invalidate it. */
export const clientListsQueryKey = ['clients', 'list'] as const;

export function fetchClients(query: ClientListRequest, signal?: AbortSignal): Promise<TClientListResponse> {
  return api.get<TClientListResponse>('/api/participants', { query: { ...query }, signal });
}

export const clientsQueryOptions = (query: ClientListRequest) =>
  queryOptions({
    queryKey: [...clientListsQueryKey, query],
    queryFn: ({ signal }) => fetchClients(query, signal),
    staleTime: 30_000,
  });

export function useClients(query: ClientListRequest, options: { enabled?: boolean } = {}) {
  // The previous page stays on screen while the next one loads, so paging and filtering do not flash.
  return useQuery({
    ...clientsQueryOptions(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
