// The report's footnote: what the result was computed with (questionnaire, norms and algorithm versions, when,
// and a fingerprint of the answers), so a printed report can be traced and reproduced; then the disclaimer.
import type { TReportPageContent } from '@bq/contracts/reports';
import { formatReportDate } from '@bq/domain/report-dates';
import { documentText } from '../../../lib/document-text';
import classes from './ReportDocument.module.css';

const HASH_SHOWN = 12;

export function ReportEvidence({ content }: { content: TReportPageContent }) {
  const { evidence, texts } = content;
  return (
    <footer className={classes.footer} aria-labelledby="report-evidence-title">
      <h2 id="report-evidence-title">{documentText(texts, 'report.section.evidence')}</h2>
      <p className={`${classes.tiny} ${classes.dimmed} ${classes.hash}`} data-testid="report-evidence" data-norm-status={evidence.normStatus}>
        {/* Anonymised: the month of the calculation and no answers fingerprint (it identifies the stored result). */}
        {documentText(texts, content.anonymized ? 'report.evidence.lineAnonymized' : 'report.evidence.line', {
          definition: evidence.definitionVersion,
          norm: evidence.normVersion,
          normStatus: documentText(texts, `report.evidence.normStatus.${evidence.normStatus}`),
          algorithm: evidence.algorithmVersion,
          calculated: formatReportDate(content.calculatedAt, content.locale),
          hash: evidence.answersHash.slice(0, HASH_SHOWN),
        })}
      </p>
      {evidence.normStatus === 'PROVISIONAL' ? (
        <p className={`${classes.tiny} ${classes.dimmed}`}>{documentText(texts, 'report.evidence.provisional')}</p>
      ) : null}
      {/* The person's own profile (bqp) is no investment advice to be disclaimed (decision 0082). */}
      <p className={`${classes.tiny} ${classes.dimmed}`} data-testid="report-disclaimer">
        {documentText(texts, content.reportType === 'bqp' ? 'report.profileDisclaimer' : 'report.disclaimer')}
      </p>
    </footer>
  );
}
