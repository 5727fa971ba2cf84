// GET /api/instance/bulk/{id}: a bulk send's progress, polled in the background (no global loading bar) until it
// has finished. The client lists are refreshed once it has, so their latest interactions show the new ones.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { api } from '../../../lib/api-client';

export const BULK_SEND_POLL_MS = 1000;

export const bulkSendQueryKey = (id: string) => ['bulk-send', id] as const;

export function fetchBulkSend(id: string, signal?: AbortSignal): Promise<TBulkSendProgress> {
  return api.get<TBulkSendProgress>(`/api/instance/bulk/${encodeURIComponent(id)}`, { signal, background: true });
}

export const bulkSendQueryOptions = (id: string) =>
  queryOptions({ queryKey: bulkSendQueryKey(id), queryFn: ({ signal }) => fetchBulkSend(id, signal) });

export function useBulkSend(id: string) {
  return useQuery({
    ...bulkSendQueryOptions(id),
    refetchInterval: (query) => (query.state.data?.finished ? false : BULK_SEND_POLL_MS),
  });
}
