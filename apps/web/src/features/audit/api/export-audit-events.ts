// GET /api/audit/events/export?format=csv|jsonl: the trail with the page's current filter as a file, saved under the
// name the server gives in Content-Disposition (else "audit-trail_<timestamp>.<format>").
import type { AuditExportFormat } from '@bq/contracts/audit';
import { downloadToFile, type DownloadProgress } from '../../../lib/api-download';
import { auditQuery, type AuditFilter } from './list-audit-events';

export function downloadAuditExport(
  filter: AuditFilter,
  format: AuditExportFormat,
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  return downloadToFile('/api/audit/events/export', {
    query: { format, ...auditQuery(filter) },
    onProgress,
    fallbackPrefix: 'audit-trail',
    extension: format,
  });
}
