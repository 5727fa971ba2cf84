// GET /api/report/download/{reportDownloadToken}/info: what a mailed report link downloads (public). 410
// error.auto_report.expired once the link is past its date, 404 error.not_found for an unknown token. A plain
// fetcher: its one page lives in the participant entry, which has no query library.
import type { TReportDownloadInfo } from '@bq/contracts/reports';
import { api } from '../../../lib/api-client';

export function fetchReportDownloadInfo(token: string, signal?: AbortSignal): Promise<TReportDownloadInfo> {
  return api.get<TReportDownloadInfo>(`/api/report/download/${encodeURIComponent(token)}/info`, { signal });
}
