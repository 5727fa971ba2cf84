// GET /api/report/download/{token}?interactionType=certificate&locale=: the certificate as a PDF, saved under the
// server's Content-Disposition name, with progress; failures throw an ApiError read from the binary body. No
// pageFormat: the server lays it out on the language's paper (Letter for EN_US, else A4), as the page has no choice.
import type { Locale } from '@bq/domain/locales';
import { downloadToFile, type DownloadProgress } from '../../../lib/api-download';

interface DownloadCertificateOptions {
  onProgress?: (progress: DownloadProgress) => void;
  /** Used when the response names no file: the content's suggested fileName. */
  fileName?: string;
}

export function downloadCertificate(
  target: { instanceToken: string; locale: Locale },
  options: DownloadCertificateOptions = {},
): Promise<string> {
  return downloadToFile(`/api/report/download/${encodeURIComponent(target.instanceToken)}`, {
    query: { interactionType: 'certificate', locale: target.locale },
    onProgress: options.onProgress,
    fileName: options.fileName,
    fallbackPrefix: 'certificate',
    extension: 'pdf',
  });
}
