// The report's options above the document: its language, the PDF's paper format, anonymisation, and the PDF itself
// (download with progress, or a preview in a new tab). Native controls with their labels, 44 px high.
import { useId } from 'react';
import { LOCALES, normalizeLocale, type Locale } from '@bq/domain/locales';
import { PAGE_FORMATS, type PageFormat } from '@bq/domain/page-formats';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { PdfDownloadStatus } from '../../../participant/PdfDownloadStatus';
import { useTexts } from '../../../participant/texts';
import type { PdfDownloadState } from '../../../participant/use-pdf-download';
import { PAGE_FORMAT_LABEL_KEYS } from '../report-options';
import classes from './ReportPage.module.css';

interface ReportToolbarProps {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  pageFormat: PageFormat;
  onPageFormatChange: (format: PageFormat) => void;
  anonymize: boolean;
  onAnonymizeChange: (anonymize: boolean) => void;
  download: PdfDownloadState;
  onDownload: () => void;
  previewUrl: string;
}

export function ReportToolbar(props: ReportToolbarProps) {
  const { t } = useTexts();
  const id = useId();
  const downloading = props.download.phase === 'downloading';
  return (
    <section className={classes.card} aria-label={t('reports.toolbar.label')} data-testid="report-toolbar">
      <div className={classes.controls}>
        <label className={classes.field} htmlFor={`${id}-locale`}>
          {t('reports.toolbar.language')}
          <select
            id={`${id}-locale`}
            className={classes.select}
            value={props.locale}
            onChange={(event) => {
              const next = normalizeLocale(event.currentTarget.value);
              if (next) props.onLocaleChange(next);
            }}
            data-testid="report-locale"
          >
            {/* Each language named in itself, so a reader finds theirs whatever the page speaks. */}
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {LOCALE_NATIVE_NAMES[locale]}
              </option>
            ))}
          </select>
        </label>
        <label className={classes.field} htmlFor={`${id}-format`}>
          {t('reports.toolbar.pageFormat')}
          <select
            id={`${id}-format`}
            className={classes.select}
            value={props.pageFormat}
            onChange={(event) => {
              const next = PAGE_FORMATS.find((format) => format === event.currentTarget.value);
              if (next) props.onPageFormatChange(next);
            }}
            data-testid="report-page-format"
          >
            {PAGE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t(PAGE_FORMAT_LABEL_KEYS[format])}
              </option>
            ))}
          </select>
        </label>
        <div className={classes.check}>
          <input
            id={`${id}-anonymize`}
            type="checkbox"
            checked={props.anonymize}
            onChange={(event) => props.onAnonymizeChange(event.currentTarget.checked)}
            aria-describedby={`${id}-anonymize-hint`}
            data-testid="report-anonymize"
          />
          <div>
            <label htmlFor={`${id}-anonymize`} className={classes.checkLabel}>
              {t('reports.toolbar.anonymize')}
            </label>
            <span id={`${id}-anonymize-hint`} className={classes.hint}>
              {t('reports.toolbar.anonymizeHint')}
            </span>
          </div>
        </div>
      </div>
      <div className={classes.actions}>
        <button
          type="button"
          className={`${classes.button} ${classes.download}`}
          onClick={props.onDownload}
          disabled={downloading}
          aria-busy={downloading}
          data-loading={downloading || undefined}
          data-testid="report-download"
        >
          {t('reports.toolbar.download')}
        </button>
        <a
          className={`${classes.button} ${classes.secondary} ${classes.external}`}
          href={props.previewUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('reports.toolbar.previewNewTab')}
          data-testid="report-preview"
        >
          {t('reports.toolbar.preview')}
        </a>
      </div>
      <PdfDownloadStatus state={props.download} locale={props.locale} failedKey="reports.download.failed" />
    </section>
  );
}
