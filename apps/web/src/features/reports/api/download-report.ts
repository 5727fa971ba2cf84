// GET /api/report/download/{instanceToken}?interactionType=&locale=&pageFormat=&anonymize= and its variant for a
// mailed link, GET /api/report/download/{reportDownloadToken} (the token carries all options): the PDF, saved under
// the server's Content-Disposition name, with progress. Failures throw an ApiError read from the binary body.
import type { PageFormat, ReportType } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import type { DownloadProgress } from '../../../lib/api-download';
import { downloadToFile } from '../../../lib/api-download';

export interface ReportOptions {
  instanceToken: string;
  interactionType: ReportType;
  locale: Locale;
  pageFormat: PageFormat;
  anonymize?: boolean;
}

export type ReportDownloadTarget = ReportOptions | { reportDownloadToken: string };

export interface DownloadReportOptions {
  onProgress?: (progress: DownloadProgress) => void;
  /** The name to use when the response has no Content-Disposition, e.g. the content's suggested fileName. */
  fileName?: string;
  signal?: AbortSignal;
}

/** The query of the download and preview calls. */
export function reportQuery(options: ReportOptions) {
  return {
    interactionType: options.interactionType,
    locale: options.locale,
    pageFormat: options.pageFormat,
    anonymize: options.anonymize === true,
  };
}

/** Downloads and saves the report; resolves with the file name it was saved under. */
export function downloadReport(
  target: ReportDownloadTarget,
  options: DownloadReportOptions = {},
): Promise<string> {
  const byLink = 'reportDownloadToken' in target;
  const token = byLink ? target.reportDownloadToken : target.instanceToken;
  return downloadToFile(`/api/report/download/${encodeURIComponent(token)}`, {
    query: byLink ? undefined : reportQuery(target),
    onProgress: options.onProgress,
    signal: options.signal,
    fileName: options.fileName,
    fallbackPrefix: 'report',
    extension: 'pdf',
  });
}
