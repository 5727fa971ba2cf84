// GET /api/trial/bq_advisory_wealth: whether the wealth advisory free trial runs and its notice should show.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTrialStatus } from '@bq/contracts/credits';
import { api } from '../../../lib/api-client';

export const wealthTrialQueryKey = ['results', 'trial', 'BQ_ADVISORY_WEALTH'] as const;

export function fetchWealthTrial(signal?: AbortSignal): Promise<TTrialStatus> {
  return api.get<TTrialStatus>('/api/trial/bq_advisory_wealth', { signal });
}

export const wealthTrialQueryOptions = () =>
  queryOptions({
    queryKey: wealthTrialQueryKey,
    queryFn: ({ signal }) => fetchWealthTrial(signal),
    staleTime: 5 * 60_000,
  });

export function useWealthTrial(enabled: boolean) {
  return useQuery({ ...wealthTrialQueryOptions(), enabled });
}
