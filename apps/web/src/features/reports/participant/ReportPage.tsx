// /performance/report/:token (bqp, also self-assessment), /bqa/report/:token and /bqaRecommendations/report/:token in
// the participant entry (docs/decisions/0054-participant-entry.md, addendum): the report as an HTML document, public
// (the instance token is the key), in the firm's frame. It opens in the client's language (the server answers in it
// when none is asked for: issue 27 point 5) and the page's own texts follow the report's language; the toolbar picks
// another language, the PDF's paper and anonymisation. A signed-in evaluator of the result finds the way back at the top.
import { useDeferredValue, useEffect, useState } from 'react';
import type { TReportPageContent } from '@bq/contracts/reports';
import { resolveLocale, type Locale } from '@bq/domain/locales';
import { defaultPageFormat, type PageFormat } from '@bq/domain/page-formats';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';
import { preloadLocaleTexts, setTextPrefixes, useTexts } from '../../../participant/texts';
import { usePdfDownload } from '../../../participant/use-pdf-download';
import { useQuestionnaireLocale } from '../../questionnaire/use-questionnaire-locale';
import { downloadReport, type ReportOptions } from '../api/download-report';
import type { ReportContentType } from '../api/get-report-content';
import { reportPreviewUrl } from '../api/get-report-preview';
import { ReportDocument } from './ReportDocument';
import { ReportToolbar } from './ReportToolbar';
import { ReportUnavailable } from './ReportUnavailable';
import { loadErrorText } from './report-error-text';
import { REPORT_TEXT_PREFIXES, REPORT_TITLE_KEYS } from './report-texts';
import { useReportContent } from './use-report-content';
import classes from './ReportPage.module.css';

// Before any text is loaded (this module loads before the page renders).
setTextPrefixes(REPORT_TEXT_PREFIXES);

interface ReportPageProps {
  reportType: ReportContentType;
  token: string;
}

function ReportSkeleton({ label }: { label: string }) {
  return (
    <div className={classes.card} role="status" aria-label={label} data-testid="report-loading">
      {['50%', '35%', '100%'].map((width, index) => (
        <div key={width} className={classes.skeleton} style={{ width, height: [32, 16, 48][index] }} />
      ))}
      <div className={classes.skeleton} style={{ height: 140 }} />
      <div className={classes.skeleton} style={{ height: 140 }} />
    </div>
  );
}

/** The last non-null value seen (a render-time memo): an anonymised content carries no way back, the named one did. */
function useLast(current: string | null | undefined): string | null {
  const [last, setLast] = useState<string | null>(null);
  if (current && current !== last) setLast(current);
  return current ?? last;
}

export function ReportPage({ reportType, token }: ReportPageProps) {
  // The visitor's browser language: the likely language of the report, whose texts start loading with the content.
  const [guess] = useState<Locale>(() => resolveLocale({ query: null, stored: null, browserLanguage: navigator.language }));
  useEffect(() => preloadLocaleTexts(guess), [guess]);
  // null = not chosen yet: the client's language, and the paper usual for the report's language.
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(null);
  const [chosenFormat, setChosenFormat] = useState<PageFormat | null>(null);
  const [anonymize, setAnonymize] = useState(false);
  const content = useReportContent({ reportType, token, locale: chosenLocale, anonymize });
  useQuestionnaireLocale(content.data?.locale ?? (content.error ? guess : undefined));
  const { locale: textsLocale, t } = useTexts();

  // The document shown: the latest content once the page speaks its language (its platform labels are page texts).
  const [latest, setLatest] = useState<TReportPageContent | null>(null);
  if (content.data && content.data.locale === textsLocale && content.data !== latest) setLatest(content.data);
  // Rendered as a transition: React builds the document in slices of a few milliseconds, with the skeleton (or the
  // document before) on screen meanwhile, instead of one task of a quarter second on a phone that no tap can
  // interrupt (Lighthouse's total blocking time, issue 37 point 12).
  const shown = useDeferredValue(latest);
  const dashboardPath = useLast(shown?.dashboardPath);
  const download = usePdfDownload();

  useEffect(() => {
    if (textsLocale) document.title = `${t(REPORT_TITLE_KEYS[reportType])} · ${t('app.name')}`;
  }, [textsLocale, t, reportType]);

  let body;
  if (!shown) {
    body =
      content.error && textsLocale ? (
        <ReportUnavailable error={content.error} token={token} onRetry={content.retry} retrying={content.fetching} />
      ) : (
        <ReportSkeleton label={t('reports.loading')} />
      );
  } else {
    const locale = chosenLocale ?? shown.locale;
    const options: ReportOptions = {
      instanceToken: token,
      interactionType: reportType,
      locale,
      pageFormat: chosenFormat ?? defaultPageFormat(locale),
      anonymize,
    };
    // A change of options drops the last download's message: it names its file (with the client's name).
    const changed = <T,>(set: (value: T) => void) => (value: T) => {
      download.reset();
      set(value);
    };
    body = (
      <div className={classes.stack} data-testid="report-page" data-report-type={reportType}>
        {dashboardPath ? (
          <a className={classes.back} href={dashboardPath} data-testid="report-back-to-result">
            {t('common.backToResult')}
          </a>
        ) : null}
        <ReportToolbar
          locale={locale}
          onLocaleChange={changed(setChosenLocale)}
          pageFormat={options.pageFormat}
          onPageFormatChange={changed(setChosenFormat)}
          anonymize={anonymize}
          onAnonymizeChange={changed(setAnonymize)}
          download={download.state}
          onDownload={() =>
            void download.start((onProgress) => downloadReport(options, { onProgress, fileName: shown.fileName }), {
              // In the report's language, which the page need not have loaded.
              describeError: (error) => loadErrorText(locale, error),
            })
          }
          previewUrl={reportPreviewUrl(options)}
        />
        <ReportDocument content={shown} updating={content.fetching || content.data !== shown} />
      </div>
    );
  }
  return (
    <ParticipantBrand token={token} poweredByLabel={t('branding.poweredBy')}>
      <main className={classes.page}>{body}</main>
    </ParticipantBrand>
  );
}
