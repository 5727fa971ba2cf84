// /report/:reportDownloadToken/download in the participant entry (docs/decisions/0054-participant-entry.md): the page
// behind a mailed report link. It says which report it is, from whom, for whom and until when, and downloads the PDF
// with progress. An expired link (410) says so and how to get a new one; any other failure the general message and
// a retry. It speaks the report's language (the client's, as the mail and the PDF), the browser's when the link
// does not work. Plain elements and CSS, two GETs, a lazy chunk.
import { useEffect, useState } from 'react';
import type { TReportDownloadInfo } from '@bq/contracts/reports';
import { formatDate } from '@bq/domain/formats';
import { resolveLocale } from '@bq/domain/locales';
import { ApiError } from '../../../lib/api-client';
import { PdfDownloadStatus } from '../../../participant/PdfDownloadStatus';
import { addTextPrefixes, useTexts } from '../../../participant/texts';
import { usePdfDownload } from '../../../participant/use-pdf-download';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';
import { useQuestionnaireLocale } from '../../questionnaire/use-questionnaire-locale';
import { downloadReport } from '../api/download-report';
import { fetchReportDownloadInfo } from '../api/get-report-download-info';
import classes from './ReportDownload.module.css';

addTextPrefixes('reportDownload.', 'page.reportDownload.title', 'download.', 'ERROR_');

type Link =
  | { state: 'loading' }
  | { state: 'done'; info: TReportDownloadInfo }
  | { state: 'expired' }
  | { state: 'failed' };

function Download({ token, info }: { token: string; info: TReportDownloadInfo }) {
  const { t } = useTexts();
  const { state, start } = usePdfDownload();
  const downloading = state.phase === 'downloading';
  const download = () =>
    void start((onProgress) => downloadReport({ reportDownloadToken: token }, { onProgress, fileName: info.fileName }));
  return (
    <section className={classes.card} data-testid="report-link-page" aria-labelledby="report-link-title">
      <span className={classes.badge} aria-hidden="true">PDF</span>
      <h1 id="report-link-title" className={classes.title}>{t('reportDownload.title')}</h1>
      <p className={classes.text} data-testid="report-link-summary">
        {t('reportDownload.summary', {
          interactionName: info.interactionName,
          accountName: info.accountName,
          clientFirstName: info.clientFirstName,
          clientLastName: info.clientLastName,
          date: formatDate(info.expiresAt, info.locale),
        })}
      </p>
      {/* aria-disabled rather than disabled while it runs: the button keeps focus; a second click does nothing. */}
      <button
        type="button"
        className={classes.button}
        onClick={download}
        aria-disabled={downloading || undefined}
        aria-busy={downloading || undefined}
        data-loading={downloading || undefined}
        data-testid="report-link-download"
      >
        {t('reportDownload.download')}
      </button>
      <PdfDownloadStatus state={state} locale={info.locale} failedKey="ERROR_AUTO_REPORT_GENERAL" />
    </section>
  );
}

export function ReportDownloadPage({ reportDownloadToken: token }: { reportDownloadToken: string }) {
  const [attempt, setAttempt] = useState(0);
  const [link, setLink] = useState<Link>({ state: 'loading' });
  const locale =
    link.state === 'done'
      ? link.info.locale
      : link.state === 'loading'
        ? undefined
        : resolveLocale({ query: null, stored: null, browserLanguage: navigator.language });
  const ready = useQuestionnaireLocale(locale);
  const { t } = useTexts();

  useEffect(() => {
    const controller = new AbortController();
    setLink({ state: 'loading' });
    fetchReportDownloadInfo(token, controller.signal).then(
      (info) => setLink({ state: 'done', info }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLink(error instanceof ApiError && error.status === 410 ? { state: 'expired' } : { state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  useEffect(() => {
    if (ready) document.title = t('page.reportDownload.title');
  }, [ready, t]);

  let content;
  if (!ready || link.state === 'loading') {
    content = (
      <div className={classes.card} role="status" aria-label={t('reportDownload.title')} aria-busy="true" data-testid="report-link-loading">
        <div className={classes.skeleton} style={{ height: 32, width: '50%' }} />
        <div className={classes.skeleton} style={{ height: 48 }} />
        <div className={classes.skeleton} style={{ height: 44, width: 220 }} />
      </div>
    );
  } else if (link.state === 'done') {
    content = <Download token={token} info={link.info} />;
  } else if (link.state === 'expired') {
    content = (
      <section className={`${classes.card} ${classes.notice}`} data-testid="report-link-expired" aria-labelledby="report-link-title">
        <h1 id="report-link-title" className={classes.title}>{t('reportDownload.expired.title')}</h1>
        <p className={classes.text}>{t('ERROR_AUTO_REPORT_EXPIRED')}</p>
      </section>
    );
  } else {
    content = (
      <section className={`${classes.card} ${classes.notice}`} role="alert" data-testid="report-link-failed" aria-labelledby="report-link-title">
        <h1 id="report-link-title" className={classes.title}>{t('reportDownload.failed.title')}</h1>
        <p className={classes.text}>{t('ERROR_AUTO_REPORT_GENERAL')}</p>
        <button type="button" className={classes.button} onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  return (
    <ParticipantBrand token={token} poweredByLabel={t('branding.poweredBy')}>
      <main className={classes.page}>{content}</main>
    </ParticipantBrand>
  );
}
