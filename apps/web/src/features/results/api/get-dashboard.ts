// GET /api/dashboard/{token}: the scored result of one instance (dimensions, risk profile, evidence). Its errors
// are states of the page, not failures: 402 error.result.locked (unlock with a credit), 409 error.result.not_ready
// (still being calculated), 403 error.auth.forbidden (no INDIVIDUAL_RESULTS permission), 404.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@bq/contracts/dashboard';
import { api } from '../../../lib/api-client';

export const dashboardsQueryKey = ['results', 'dashboard'] as const;

export const dashboardQueryKey = (token: string) => [...dashboardsQueryKey, token] as const;

export function fetchDashboard(token: string, signal?: AbortSignal): Promise<TDashboard> {
  return api.get<TDashboard>(`/api/dashboard/${encodeURIComponent(token)}`, { signal });
}

export const dashboardQueryOptions = (token: string) =>
  queryOptions({
    queryKey: dashboardQueryKey(token),
    queryFn: ({ signal }) => fetchDashboard(token, signal),
    // A result does not change once calculated; unlocking and recalculation refetch it explicitly.
    staleTime: 5 * 60_000,
  });

export function useDashboard(token: string) {
  return useQuery({ ...dashboardQueryOptions(token), enabled: token !== '' });
}
