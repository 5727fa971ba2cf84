// POST /api/admin/market-history?source=<file name>: uploads a Shiller-format monthly CSV as text/csv and
// replaces the imported history; the answer is the new status, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketHistoryQueryKey, type MarketHistoryStatus } from './get-market-history';

export interface ImportMarketHistoryRequest {
  csv: string;
  source: string;
}

export function importMarketHistory({
  csv,
  source,
}: ImportMarketHistoryRequest): Promise<MarketHistoryStatus> {
  return api.post<MarketHistoryStatus>('/api/admin/market-history', csv, {
    contentType: 'text/csv',
    query: { source },
  });
}

export function useImportMarketHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMarketHistory,
    meta: { showsOwnError: true },
    onSuccess: (status) => queryClient.setQueryData(marketHistoryQueryKey, status),
  });
}
