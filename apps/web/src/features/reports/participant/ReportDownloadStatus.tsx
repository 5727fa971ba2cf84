// Progress and outcome of the PDF download: a bar (bytes read of Content-Length; indeterminate without a length) while
// it runs, and one live region that announces "Download finished" or why it failed (as components/ui/DownloadStatus).
import { formatNumber } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';
import type { ReportDownload } from './use-report-download';
import classes from './ReportPage.module.css';

const KB = 1024;
const MB = KB * 1024;

/** Units are the same symbols in every language; the no-break space keeps number and unit together. */
function formatBytes(bytes: number, locale: Locale): string {
  if (bytes >= MB) return `${formatNumber(bytes / MB, locale, 1)}\u00a0MB`;
  if (bytes >= KB) return `${formatNumber(bytes / KB, locale, 0)}\u00a0KB`;
  return `${formatNumber(bytes, locale, 0)}\u00a0B`;
}

function DownloadBar({ download, locale }: { download: ReportDownload; locale: Locale }) {
  const { t } = useTexts();
  const loaded = download.progress?.loaded ?? 0;
  const total = download.progress?.total ?? null;
  if (total === null) {
    // Indeterminate: no aria-valuenow, so assistive technology does not announce a made-up percentage.
    return (
      <div
        className={classes.progress}
        role="progressbar"
        aria-label={t('download.progress.label')}
        aria-valuetext={t('download.progress.received', { loaded: formatBytes(loaded, locale) })}
        data-testid="download-progress"
        data-indeterminate
      >
        <div />
      </div>
    );
  }
  const percent = Math.min(100, Math.round((loaded / total) * 100));
  return (
    <div
      className={classes.progress}
      role="progressbar"
      aria-label={t('download.progress.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('download.progress.bytes', {
        loaded: formatBytes(Math.min(loaded, total), locale),
        total: formatBytes(total, locale),
      })}
      data-testid="download-progress"
    >
      <div style={{ width: `${percent}%` }} />
    </div>
  );
}

export function ReportDownloadStatus({ download, locale }: { download: ReportDownload; locale: Locale }) {
  const { t } = useTexts();
  const message =
    download.phase === 'done'
      ? t('download.finished', { fileName: download.fileName ?? '' })
      : download.phase === 'error'
        ? (download.errorText ?? t('reports.download.failed'))
        : '';
  return (
    <>
      {download.phase === 'downloading' ? <DownloadBar download={download} locale={locale} /> : null}
      {/* Always in the DOM, so screen readers announce each change of its text. */}
      <p className={classes.status} role="status" aria-live="polite" data-testid="download-status" data-state={download.phase}>
        {message}
      </p>
    </>
  );
}
