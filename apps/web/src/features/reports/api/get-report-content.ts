// GET /api/report/content/{bqp|bqa}/{token} and /api/report/content/bqa/recommendations/{token}: the report's
// content, resolved on the server in one locale. Public. Its errors are states of the page: 404 unknown token,
// 402 error.result.locked (not unlocked yet), 409 error.result.not_ready (not filled or still calculating).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TReportContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export type ReportContentType = TReportContent['reportType'];

const CONTENT_PATHS: Record<ReportContentType, string> = {
  bqp: '/api/report/content/bqp',
  bqa: '/api/report/content/bqa',
  bqaRecommendations: '/api/report/content/bqa/recommendations',
};

export interface ReportContentParams {
  reportType: ReportContentType;
  token: string;
  /** null: the client's language (the server's default, issue 27 point 5). */
  locale: Locale | null;
  anonymize: boolean;
}

export const reportContentQueryKey = (params: ReportContentParams) =>
  ['reports', 'content', params.reportType, params.token, params.locale, params.anonymize] as const;

export function fetchReportContent(
  params: ReportContentParams,
  signal?: AbortSignal,
): Promise<TReportContent> {
  return api.get<TReportContent>(`${CONTENT_PATHS[params.reportType]}/${encodeURIComponent(params.token)}`, {
    query: { ...(params.locale ? { locale: params.locale } : {}), anonymize: params.anonymize },
    signal,
  });
}

export const reportContentQueryOptions = (params: ReportContentParams) =>
  queryOptions({
    queryKey: reportContentQueryKey(params),
    queryFn: ({ signal }) => fetchReportContent(params, signal),
    staleTime: 5 * 60_000,
  });

export function useReportContent(params: ReportContentParams) {
  return useQuery({
    ...reportContentQueryOptions(params),
    enabled: params.token !== '',
    // Switching language or anonymisation keeps the current document on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
}
