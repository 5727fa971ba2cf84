// /performance/report/:token (bqp, also self-assessment), /bqa/report/:token and /bqaRecommendations/report/:token:
// the report as an HTML document, public (the instance token is the key). The toolbar picks the report's language
// (the client's by default, told by the server: issue 27 point 5), the PDF's paper and anonymisation; the document is shown in the report's language while
// the page around it keeps the user's. A signed-in evaluator of the result finds the way back to it at the top.
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { defaultPageFormat, type PageFormat } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { BackToResultLink } from '../../../components/ui/BackToResultLink';
import { useLocale } from '../../../lib/i18n';
import { useLocaleScope } from '../../../lib/locale-scope';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadReport, type ReportOptions } from '../api/download-report';
import { useReportContent, type ReportContentType } from '../api/get-report-content';
import { reportPreviewUrl } from '../api/get-report-preview';
import { ReportDocument } from '../components/ReportDocument';
import { ReportSkeleton } from '../components/ReportSkeleton';
import { ReportToolbar } from '../components/ReportToolbar';
import { ReportUnavailable } from '../components/ReportUnavailable';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';

function ReportPageContent({ reportType }: { reportType: ReportContentType }) {
  const { interactionInstanceToken: token = '' } = useParams();
  const appLocale = useLocale();
  // null = not chosen yet: the client's language (the server answers in it when none is asked for), and the paper
  // usual for the report's language.
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(null);
  const [chosenFormat, setChosenFormat] = useState<PageFormat | null>(null);
  const [anonymize, setAnonymize] = useState(false);

  const content = useReportContent({ reportType, token, locale: chosenLocale, anonymize });
  const locale = chosenLocale ?? content.data?.locale ?? appLocale;
  const pageFormat = chosenFormat ?? defaultPageFormat(locale);
  // An anonymised content carries no way back (its dashboardPath is null); the signed-in adviser keeps the link the
  // named version gave them.
  const dashboardPath = useLastDashboardPath(content.data?.dashboardPath);
  const scope = useLocaleScope(content.data?.locale ?? locale);
  const download = useFileDownload({ fallbackKey: 'reports.download.failed' });
  const options: ReportOptions = {
    instanceToken: token,
    interactionType: reportType,
    locale,
    pageFormat,
    anonymize,
  };

  const startDownload = () =>
    void download.start((onProgress) =>
      downloadReport(options, { onProgress, fileName: content.data?.fileName }),
    );

  if (!content.data) {
    if (content.isError) {
      return (
        <ReportUnavailable
          error={content.error}
          token={token}
          onRetry={() => void content.refetch()}
          retrying={content.isFetching}
        />
      );
    }
    return <ReportSkeleton />;
  }
  return (
    <Stack gap="lg" data-testid="report-page" data-report-type={reportType}>
      <BackToResultLink path={dashboardPath} testId="report-back-to-result" />
      <ReportToolbar
        locale={locale}
        onLocaleChange={(next) => {
          download.reset();
          setChosenLocale(next);
        }}
        pageFormat={pageFormat}
        onPageFormatChange={(next) => {
          download.reset();
          setChosenFormat(next);
        }}
        anonymize={anonymize}
        onAnonymizeChange={(next) => {
          // The last download's message names its file, with the client's name: not beside an anonymised report.
          download.reset();
          setAnonymize(next);
        }}
        download={download}
        onDownload={startDownload}
        previewUrl={reportPreviewUrl(options)}
      />
      <I18nextProvider i18n={scope.instance}>
        <ReportDocument content={content.data} updating={content.isPlaceholderData || !scope.ready} />
      </I18nextProvider>
    </Stack>
  );
}

/** The last dashboard path the server gave this page (a render-time memo, so no effect is needed). */
function useLastDashboardPath(current: string | null | undefined): string | null {
  const [last, setLast] = useState<string | null>(null);
  if (current && current !== last) setLast(current);
  return current ?? last;
}

/** The page in the firm's own frame (docs/decisions/0055), read with the page's own token. */
export function ReportPage({ reportType }: { reportType: ReportContentType }) {
  const { interactionInstanceToken: brandToken = '' } = useParams();
  const { t } = useTranslation();
  return (
    <ParticipantBrand token={brandToken} poweredByLabel={t('branding.poweredBy')}>
      <ReportPageContent reportType={reportType} />
    </ParticipantBrand>
  );
}
