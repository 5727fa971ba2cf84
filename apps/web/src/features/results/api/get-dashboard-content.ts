// GET /api/dashboard/content/{bqa|bqp|sa}/{token}?locale=: the result's texts in one locale (interaction and
// dimension names, descriptions, low/high sentences) and, for bqa, the BQA_RISK section with its charts, or the
// note that the user may not see it (restrictedSections).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardKindParam, TDashboardContent } from '@bq/contracts/dashboard';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export const dashboardContentQueryKey = (kind: DashboardKindParam, token: string, locale: Locale) =>
  ['results', 'content', kind, token, locale] as const;

export function fetchDashboardContent(
  kind: DashboardKindParam,
  token: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<TDashboardContent> {
  return api.get<TDashboardContent>(`/api/dashboard/content/${kind}/${encodeURIComponent(token)}`, {
    query: { locale },
    signal,
  });
}

export const dashboardContentQueryOptions = (kind: DashboardKindParam, token: string, locale: Locale) =>
  queryOptions({
    queryKey: dashboardContentQueryKey(kind, token, locale),
    queryFn: ({ signal }) => fetchDashboardContent(kind, token, locale, signal),
    staleTime: 5 * 60_000,
  });

export function useDashboardContent(kind: DashboardKindParam, token: string, locale: Locale) {
  return useQuery(dashboardContentQueryOptions(kind, token, locale));
}
