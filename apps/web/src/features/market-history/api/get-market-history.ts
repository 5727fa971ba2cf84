// GET /api/admin/market-history: what market history is imported (admins only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface MarketHistoryGap {
  column: string;
  from: string;
  to: string;
  months: number;
  how: string;
  value?: number;
}

export interface MarketHistoryStatus {
  imported: boolean;
  source: string | null;
  rowCount: number;
  firstDate: string | null;
  lastDate: string | null;
  lastCompleteDate: string | null;
  importedAt: string | null;
  sha256: string | null;
  gaps: MarketHistoryGap[];
}

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
