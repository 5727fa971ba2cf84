// The report as one HTML document in its own language (participant entry: plain elements): title block, the risk
// profile (BQA), the suitability statement, the prediction, the dimensions, the recommendations and the evidence
// footnote. Its labels are the content's REPORT texts, the ones the PDF uses; the few platform labels inside (risk
// scale, portfolio, window table, levels) are the page's texts, which follow the report's language.
import type { TReportPageContent } from '@bq/contracts/reports';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { ReportDimensions } from './ReportDimensions';
import { ReportEvidence } from './ReportEvidence';
import { ReportHeading } from './ReportHeading';
import { ReportPrediction } from './ReportPrediction';
import { ReportRecommendations } from './ReportRecommendations';
import { ReportRisk } from './ReportRisk';
import { ReportSuitability } from './ReportSuitability';
import classes from './ReportDocument.module.css';

interface ReportDocumentProps {
  content: TReportPageContent;
  /** A newer version (other language, anonymised) is loading; the shown one stays until it arrives. */
  updating: boolean;
}

export function ReportDocument({ content, updating }: ReportDocumentProps) {
  return (
    <article
      className={classes.document}
      lang={LOCALE_TAGS[content.locale]}
      aria-busy={updating}
      data-testid="report-document"
      data-locale={content.locale}
      data-anonymized={content.anonymized}
    >
      <ReportHeading content={content} />
      {content.risk ? <ReportRisk risk={content.risk} texts={content.texts} locale={content.locale} /> : null}
      {content.suitability ? <ReportSuitability statement={content.suitability} texts={content.texts} /> : null}
      {content.prediction ? <ReportPrediction prediction={content.prediction} texts={content.texts} /> : null}
      {content.dimensions.length > 0 ? (
        <ReportDimensions dimensions={content.dimensions} texts={content.texts} locale={content.locale} />
      ) : null}
      {content.reportType === 'bqaRecommendations' ? (
        <ReportRecommendations items={content.recommendations} texts={content.texts} />
      ) : null}
      <ReportEvidence content={content} />
    </article>
  );
}
