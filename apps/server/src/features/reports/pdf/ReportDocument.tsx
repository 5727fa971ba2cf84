// The whole report PDF for one content object. Which blocks appear depends on the report type: the BQP report
// shows the dimensions; the BQA report leads with the risk profile and its history (its verdict already on the
// cover), then the dimensions; the recommendations report leads with the advice and summarises the profile behind
// it. Every report ends with the prediction (when there is one) and the evidence note.
import { Document, Text } from '@react-pdf/renderer';
import type { PageFormat, TReportContent } from '@bq/contracts/reports';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { CoverBlock } from './CoverBlock';
import { DimensionBlock } from './DimensionBlock';
import { EvidenceNote } from './EvidenceNote';
import { reportFormat } from './format';
import { translator } from './labels';
import { PredictionBlock } from './PredictionBlock';
import { ProfileSummaryTable } from './ProfileSummaryTable';
import { RecommendationsBlock } from './RecommendationsBlock';
import type { ReportContext } from './report-context';
import type { PdfBrand } from './pdf-brand';
import { ReportPage } from './ReportPage';
import { RiskBlock } from './RiskBlock';
import { RiskHistoryBlock } from './RiskHistoryBlock';
import { SectionHeading } from './SectionHeading';
import { SuitabilityBlock } from './SuitabilityBlock';
import { contentWidth, PDF_CREATOR, styles } from './theme';

export function ReportDocument({ content, pageFormat, brand }: { content: TReportContent; pageFormat: PageFormat; brand?: PdfBrand | undefined }) {
  const ctx: ReportContext = {
    t: translator(content.texts),
    fmt: reportFormat(content.locale),
    width: contentWidth(pageFormat),
  };
  const { t } = ctx;
  // One flowing page sequence: sections follow each other and react-pdf breaks pages between the blocks.
  const body =
    content.reportType === 'bqaRecommendations' ? (
      <>
        <RecommendationsBlock recommendations={content.recommendations} ctx={ctx} />
        {content.dimensions.length > 0 ? (
          <ProfileSummaryTable dimensions={content.dimensions} ctx={ctx} />
        ) : null}
        {content.risk ? <RiskBlock risk={content.risk} ctx={ctx} /> : null}
        {content.suitability ? <SuitabilityBlock statement={content.suitability} ctx={ctx} /> : null}
      </>
    ) : (
      <>
        {/* The risk profile first (as on the web report): it is what a BQA report is for; the dimensions behind it follow. */}
        {content.risk ? <RiskBlock risk={content.risk} ctx={ctx} /> : null}
        {content.suitability ? <SuitabilityBlock statement={content.suitability} ctx={ctx} /> : null}
        {content.risk?.section ? <RiskHistoryBlock section={content.risk.section} ctx={ctx} /> : null}
        {content.dimensions.length > 0 ? (
          <>
            <SectionHeading>{t('report.section.dimensions')}</SectionHeading>
            <Text style={[styles.small, { marginBottom: 10 }]}>{t('report.dimensions.howToRead')}</Text>
            {content.dimensions.map((dimension) => (
              <DimensionBlock key={dimension.key} dimension={dimension} ctx={ctx} />
            ))}
          </>
        ) : null}
      </>
    );

  return (
    <Document
      title={`${content.title} – ${content.client.displayName}`}
      author={content.accountName}
      subject={content.interactionName}
      creator={PDF_CREATOR}
      producer={PDF_CREATOR}
      language={LOCALE_TAGS[content.locale]}
    >
      <ReportPage
        pageFormat={pageFormat}
        title={content.title}
        clientName={content.client.displayName}
        accountName={content.accountName}
        ctx={ctx}
        brand={brand}
      >
        <CoverBlock content={content} ctx={ctx} />
        {body}
        {content.prediction ? <PredictionBlock prediction={content.prediction} ctx={ctx} /> : null}
        <EvidenceNote content={content} ctx={ctx} />
      </ReportPage>
    </Document>
  );
}
