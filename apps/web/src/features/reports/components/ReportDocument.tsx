// The report as one HTML document in its own language: title block, the risk profile (BQA), the suitability
// statement (BQA, definition version 2), the prediction, the
// dimensions, the recommendations, and the evidence footnote. Its labels are the content's REPORT texts, the
// ones the PDF uses; the dashboard parts it reuses speak the same language through the page's locale scope.
import { Divider, Paper, Stack } from '@mantine/core';
import type { TReportContent } from '@bq/contracts/reports';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { ReportDimensions } from './ReportDimensions';
import { ReportEvidence } from './ReportEvidence';
import { ReportHeading } from './ReportHeading';
import { ReportPrediction } from './ReportPrediction';
import { ReportRecommendations } from './ReportRecommendations';
import { ReportRisk } from './ReportRisk';
import { ReportSuitability } from './ReportSuitability';

interface ReportDocumentProps {
  content: TReportContent;
  /** A newer version (other language, anonymised) is loading; the shown one stays until it arrives. */
  updating: boolean;
}

export function ReportDocument({ content, updating }: ReportDocumentProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="article"
      lang={LOCALE_TAGS[content.locale]}
      aria-busy={updating}
      data-testid="report-document"
      data-locale={content.locale}
      data-anonymized={content.anonymized}
      style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Stack gap="xl">
        <ReportHeading content={content} />
        {content.risk ? <ReportRisk risk={content.risk} texts={content.texts} /> : null}
        {content.suitability ? <ReportSuitability statement={content.suitability} texts={content.texts} /> : null}
        {content.prediction ? (
          <ReportPrediction prediction={content.prediction} texts={content.texts} />
        ) : null}
        {content.dimensions.length > 0 ? (
          <ReportDimensions dimensions={content.dimensions} texts={content.texts} />
        ) : null}
        {content.reportType === 'bqaRecommendations' ? (
          <ReportRecommendations items={content.recommendations} texts={content.texts} />
        ) : null}
        <Divider />
        <ReportEvidence content={content} />
      </Stack>
    </Paper>
  );
}
