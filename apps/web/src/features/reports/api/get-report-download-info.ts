// GET /api/report/download/{reportDownloadToken}/info: what a mailed report link downloads (public). 410
// error.auto_report.expired once the link is past its date, 404 error.not_found for an unknown token.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReportDownloadInfo } from '@bq/contracts/reports';
import { api } from '../../../lib/api-client';

export const reportDownloadInfoQueryKey = (token: string) => ['reports', 'downloadInfo', token] as const;

export function fetchReportDownloadInfo(token: string, signal?: AbortSignal): Promise<TReportDownloadInfo> {
  return api.get<TReportDownloadInfo>(`/api/report/download/${encodeURIComponent(token)}/info`, { signal });
}

export const reportDownloadInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: reportDownloadInfoQueryKey(token),
    queryFn: ({ signal }) => fetchReportDownloadInfo(token, signal),
  });

export function useReportDownloadInfo(token: string) {
  return useQuery({ ...reportDownloadInfoQueryOptions(token), enabled: token !== '' });
}
