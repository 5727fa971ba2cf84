// GET /api/report/content/{bqp|bqa}/{token} and /api/report/content/bqa/recommendations/{token}: the report's
// content, resolved on the server in one locale. Public. Its errors are states of the page: 404 unknown token,
// 402 error.result.locked (not unlocked yet), 409 error.result.not_ready (not filled or still calculating), 410 the
// public link has expired. A plain fetcher: the page lives in the participant entry, which has no query cache.
import type { TReportPageContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { api } from '../../../lib/api-client';

export type ReportContentType = TReportPageContent['reportType'];

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

export function fetchReportContent(
  params: ReportContentParams,
  signal?: AbortSignal,
): Promise<TReportPageContent> {
  return api.get<TReportPageContent>(`${CONTENT_PATHS[params.reportType]}/${encodeURIComponent(params.token)}`, {
    query: { ...(params.locale ? { locale: params.locale } : {}), anonymize: params.anonymize },
    signal,
  });
}
