// The report's title block: what it is, of which questionnaire, for whom, prepared by which organisation and
// adviser, and when the questionnaire was completed (in the report's locale; an anonymised report's dates are months).
import type { TReportPageContent } from '@bq/contracts/reports';
import { formatReportDate } from '@bq/domain/report-dates';
import { documentText } from '../../../lib/document-text';
import classes from './ReportDocument.module.css';

export function ReportHeading({ content }: { content: TReportPageContent }) {
  const label = (key: string) => documentText(content.texts, key);
  const facts = [
    { label: label('report.cover.client'), value: content.client.displayName, testId: 'report-client' },
    { label: label('report.cover.account'), value: content.accountName, testId: 'report-account' },
    ...(content.adviserName
      ? [{ label: label(content.adviserLabelKey), value: content.adviserName, testId: 'report-adviser' }]
      : []),
    {
      label: label(content.anonymized ? 'report.cover.completedIn' : 'report.cover.completedAt'),
      value: formatReportDate(content.completedAt, content.locale) || label('report.cover.notRecorded'),
      testId: 'report-completed',
    },
  ];
  return (
    <header className={classes.section}>
      <div>
        <div className={classes.titleRow}>
          <h1 data-testid="report-title">{content.title}</h1>
          <span className={classes.badge}>{label('report.confidential')}</span>
        </div>
        <p className={classes.dimmed} data-testid="report-interaction">
          {content.interactionName}
        </p>
      </div>
      <dl className={classes.facts}>
        {facts.map((fact) => (
          <div key={fact.testId}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {content.anonymized ? (
        <p className={`${classes.small} ${classes.dimmed}`} data-testid="report-anonymized">
          {label('report.cover.anonymized')}
        </p>
      ) : null}
    </header>
  );
}
