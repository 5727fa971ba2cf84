// GET /api/admin/market-history: what market history is imported (admins only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMarketHistoryGap, TMarketHistoryStatus } from '@bq/contracts/market-history';
import { api } from '../../../lib/api-client';

/** Shared with the server (packages/contracts); re-exported under the names this feature's components use. */
export type MarketHistoryStatus = TMarketHistoryStatus;
export type MarketHistoryGap = TMarketHistoryGap;

export const marketHistoryQueryKey = ['admin', 'market-history'] as const;

export function fetchMarketHistory(signal?: AbortSignal): Promise<MarketHistoryStatus> {
  return api.get<MarketHistoryStatus>('/api/admin/market-history', { signal });
}

export const marketHistoryQueryOptions = () =>
  queryOptions({
    queryKey: marketHistoryQueryKey,
    queryFn: ({ signal }) => fetchMarketHistory(signal),
  });

export function useMarketHistory(options: { enabled?: boolean } = {}) {
  return useQuery({ ...marketHistoryQueryOptions(), enabled: options.enabled ?? true });
}
