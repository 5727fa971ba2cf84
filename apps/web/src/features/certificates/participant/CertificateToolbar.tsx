// Above the certificate: the language it is shown in (each language named in itself, so a reader finds theirs
// whatever the page speaks) and the PDF in that language, with its progress and one live region that announces
// "Download finished" or why it failed.
import { useRef, useState } from 'react';
import { LOCALE_TAGS, LOCALES, normalizeLocale, type Locale } from '@bq/domain/locales';
import type { DownloadProgress } from '../../../lib/api-download';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { errorText } from '../../../participant/error-text';
import { useTexts } from '../../../participant/texts';
import { downloadCertificate } from '../api/download-certificate';
import classes from './Certificate.module.css';

type Download =
  | { phase: 'idle' | 'downloading'; progress: DownloadProgress | null }
  | { phase: 'done'; fileName: string }
  | { phase: 'error'; message: string };

interface CertificateToolbarProps {
  token: string;
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  /** The content's suggested file name, used when the download names none. */
  fileName: string;
}

function DownloadBar({ progress, locale }: { progress: DownloadProgress | null; locale: Locale }) {
  const { t } = useTexts();
  // The browser's number format, not @bq/domain/formats: that would pull formatNumber into the questionnaire's entry.
  const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString(LOCALE_TAGS[locale])}\u00a0KB`;
  const total = progress?.total ?? null;
  const loaded = progress?.loaded ?? 0;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  return (
    <div
      className="p-progress"
      role="progressbar"
      aria-label={t('download.progress.label')}
      // Without a length no made-up percentage: only what has arrived.
      {...(percent === null
        ? { 'aria-valuetext': t('download.progress.received', { loaded: kb(loaded) }) }
        : { 'aria-valuenow': percent, 'aria-valuemin': 0, 'aria-valuemax': 100 })}
      data-testid="download-progress"
    >
      <div style={{ width: `${percent ?? 100}%`, opacity: percent === null ? 0.5 : 1 }} />
    </div>
  );
}

export function CertificateToolbar({ token, locale, onLocaleChange, fileName }: CertificateToolbarProps) {
  const texts = useTexts();
  const { t, locale: textLocale } = texts;
  const [download, setDownload] = useState<Download>({ phase: 'idle', progress: null });
  // A second click before the state re-rendered must not start another download.
  const running = useRef(false);

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setDownload({ phase: 'downloading', progress: null });
    try {
      const saved = await downloadCertificate(
        { instanceToken: token, locale },
        { fileName, onProgress: (progress) => setDownload({ phase: 'downloading', progress }) },
      );
      setDownload({ phase: 'done', fileName: saved });
    } catch (error) {
      setDownload({ phase: 'error', message: errorText(texts, error, 'certificates.download.failed') });
    } finally {
      running.current = false;
    }
  };

  const message =
    download.phase === 'done'
      ? t('download.finished', { fileName: download.fileName })
      : download.phase === 'error'
        ? download.message
        : '';
  return (
    <section className="p-card p-stack-sm" aria-label={t('certificates.toolbar.label')}>
      <div className={classes.toolbar}>
        <label className={classes.field}>
          {t('certificates.toolbar.language')}
          <select
            className={classes.select}
            value={locale}
            onChange={(event) => {
              const next = normalizeLocale(event.currentTarget.value);
              if (next) onLocaleChange(next);
            }}
            data-testid="certificate-locale"
          >
            {LOCALES.map((option) => (
              <option key={option} value={option}>
                {LOCALE_NATIVE_NAMES[option]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="p-button"
          onClick={() => void start()}
          disabled={download.phase === 'downloading'}
          aria-busy={download.phase === 'downloading'}
          data-testid="certificate-download"
        >
          {t('certificates.toolbar.download')}
        </button>
      </div>
      {download.phase === 'downloading' ? <DownloadBar progress={download.progress} locale={textLocale ?? locale} /> : null}
      {/* Always in the DOM, so screen readers announce each change of its text. */}
      <p className={classes.status} role="status" aria-live="polite" data-testid="download-status" data-state={download.phase}>
        {message}
      </p>
    </section>
  );
}
