// Above the certificate: the language it is shown in (each language named in itself, so a reader finds theirs
// whatever the page speaks) and the PDF in that language, with its progress and one live region that announces
// "Download finished" or why it failed.
import { LOCALES, normalizeLocale, type Locale } from '@bq/domain/locales';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { PdfDownloadStatus } from '../../../participant/PdfDownloadStatus';
import { useTexts } from '../../../participant/texts';
import { usePdfDownload } from '../../../participant/use-pdf-download';
import { downloadCertificate } from '../api/download-certificate';
import classes from './Certificate.module.css';

interface CertificateToolbarProps {
  token: string;
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  /** The content's suggested file name, used when the download names none. */
  fileName: string;
}

export function CertificateToolbar({ token, locale, onLocaleChange, fileName }: CertificateToolbarProps) {
  const { t, locale: textLocale } = useTexts();
  const { state, start } = usePdfDownload();
  const download = () =>
    void start((onProgress) => downloadCertificate({ instanceToken: token, locale }, { fileName, onProgress }));
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
          onClick={download}
          disabled={state.phase === 'downloading'}
          aria-busy={state.phase === 'downloading'}
          data-testid="certificate-download"
        >
          {t('certificates.toolbar.download')}
        </button>
      </div>
      <PdfDownloadStatus state={state} locale={textLocale ?? locale} failedKey="certificates.download.failed" />
    </section>
  );
}
