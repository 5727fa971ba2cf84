// GET /api/render/report/{instanceToken}: the same PDF as the download, shown inline; opened in a new tab, so only
// its URL is built here (the browser sends the session cookie itself).
import { buildUrl } from '../../../lib/api-client';
import { reportQuery, type ReportOptions } from './download-report';

export function reportPreviewUrl(options: ReportOptions): string {
  return buildUrl(`/api/render/report/${encodeURIComponent(options.instanceToken)}`, reportQuery(options));
}
