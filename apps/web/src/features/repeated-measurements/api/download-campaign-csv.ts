// GET /api/v1/export/user/repeated_measurement/{id}/csv?locale=: the campaign as CSV, saved under the name the
// server gives in Content-Disposition (else "repeated-measurement_<timestamp>.csv", spec section 7).
import type { Locale } from '@bq/domain/locales';
import { downloadToFile, type DownloadProgress } from '../../../lib/api-download';

export function downloadCampaignCsv(campaignId: string, locale: Locale, onProgress: (progress: DownloadProgress) => void): Promise<string> {
  return downloadToFile(`/api/v1/export/user/repeated_measurement/${encodeURIComponent(campaignId)}/csv`, {
    query: { locale },
    onProgress,
    fallbackPrefix: 'repeated-measurement',
    extension: 'csv',
  });
}
