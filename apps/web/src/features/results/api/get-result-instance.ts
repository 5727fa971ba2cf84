// GET /api/instance/{token}: where an instance stands while its result cannot be shown yet (locked or not
// calculated). Polled every few seconds only while the calculation runs by itself (FILLED, CALCULATING,
// PREDICTING); the page reloads the dashboard once the status reaches a result.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInstance } from '@bq/contracts/instances';
import { isBeingCalculated, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { api } from '../../../lib/api-client';

export const RESULT_POLL_MS = 3000;

export const resultInstanceQueryKey = (token: string) => ['results', 'instance', token] as const;

export function fetchResultInstance(token: string, signal?: AbortSignal): Promise<TInstance> {
  return api.get<TInstance>(`/api/instance/${encodeURIComponent(token)}`, { signal });
}

export const resultInstanceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: resultInstanceQueryKey(token),
    queryFn: ({ signal }) => fetchResultInstance(token, signal),
  });

/** A refetchInterval: every RESULT_POLL_MS while the calculation still runs, else none. */
export function calculatingRefetchInterval(status: InteractionStatus | undefined): number | false {
  return status !== undefined && isBeingCalculated(status) ? RESULT_POLL_MS : false;
}

export function useResultInstance(token: string, enabled: boolean) {
  return useQuery({
    ...resultInstanceQueryOptions(token),
    enabled,
    refetchInterval: (query) => (enabled ? calculatingRefetchInterval(query.state.data?.status) : false),
  });
}
