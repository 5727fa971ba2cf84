// Progress and outcome of a participant page's PDF download (use-pdf-download): a bar while it runs (bytes read of
// Content-Length; a moving stripe without a length) and one live region that announces "Download finished" or why it
// failed. The same roles and test ids as the evaluator app's DownloadStatus.
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';
import type { DownloadProgress } from '../lib/api-download';
import { useTexts } from './texts';
import { errorText } from './error-text';
import type { PdfDownloadState } from './use-pdf-download';
import classes from './PdfDownloadStatus.module.css';

const KB = 1024;
const MB = KB * 1024;

// Units are the same symbols in every language; the no-break space keeps number and unit together. The browser's
// Intl rather than @bq/domain's formatNumber: a lazy chunk importing it would keep it in the questionnaire's entry
// (0.5 KB gzipped), and a progress figure needs none of its rounding rules.
function formatBytes(bytes: number, locale: Locale): string {
  const [value, decimals, unit] = bytes >= MB ? [bytes / MB, 1, 'MB'] : bytes >= KB ? [bytes / KB, 0, 'KB'] : [bytes, 0, 'B'];
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${number.format(value)}\u00a0${unit}`;
}

function ProgressBar({ progress, locale }: { progress: DownloadProgress | null; locale: Locale }) {
  const { t } = useTexts();
  const loaded = progress?.loaded ?? 0;
  const total = progress?.total ?? null;
  if (total === null)
    // Indeterminate: no aria-valuenow, so assistive technology does not announce a made-up percentage.
    return (
      <div
        className={`${classes.bar} ${classes.indeterminate}`}
        role="progressbar"
        aria-label={t('download.progress.label')}
        aria-valuetext={t('download.progress.received', { loaded: formatBytes(loaded, locale) })}
        data-testid="download-progress"
        data-indeterminate
      >
        <div className={classes.fill} />
      </div>
    );
  const percent = Math.min(100, Math.round((loaded / total) * 100));
  const text = t('download.progress.bytes', {
    loaded: formatBytes(Math.min(loaded, total), locale),
    total: formatBytes(total, locale),
  });
  return (
    <>
      <div
        className={classes.bar}
        role="progressbar"
        aria-label={t('download.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        data-testid="download-progress"
      >
        <div className={classes.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={classes.caption} aria-hidden="true">
        {text}
      </p>
    </>
  );
}

interface PdfDownloadStatusProps {
  state: PdfDownloadState;
  /** Numbers in the progress are formatted for it. */
  locale: Locale;
  /** The page's own "download failed" text, for an error without a loaded text of its own. */
  failedKey: string;
}

export function PdfDownloadStatus({ state, locale, failedKey }: PdfDownloadStatusProps) {
  const texts = useTexts();
  const message =
    state.phase === 'done'
      ? texts.t('download.finished', { fileName: state.fileName })
      : state.phase === 'error'
        ? (state.message ?? errorText(texts, state.error, failedKey))
        : '';
  return (
    <div className={classes.status}>
      {state.phase === 'downloading' ? <ProgressBar progress={state.progress} locale={locale} /> : null}
      {/* Always in the DOM, so screen readers announce each change of its text. */}
      <p
        className={state.phase === 'error' ? classes.failure : classes.success}
        role="status"
        aria-live="polite"
        data-testid="download-status"
        data-state={state.phase}
      >
        {message}
      </p>
    </div>
  );
}
