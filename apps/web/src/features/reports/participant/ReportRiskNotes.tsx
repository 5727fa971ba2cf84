// The worded notes of the report's risk profile, for the client (docs/decisions/0030: none of the adviser's
// instructions or notes): what the adviser will explain first and take into account, and whether the client's own estimate agrees with the answers (and when that was discussed).
import type { TReportPageContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { formatReportDate } from '@bq/domain/report-dates';
import classes from './ReportDocument.module.css';

type ReportRiskData = NonNullable<TReportPageContent['risk']>;
type Label = (key: string, values?: Record<string, string | number>) => string;

function Notice({ title, tone, testId, children }: { title: string; tone?: 'warn'; testId: string; children: React.ReactNode }) {
  return (
    <div className={`${classes.notice} ${classes.small}`} data-tone={tone} data-testid={testId}>
      <p className={classes.noticeTitle}>{title}</p>
      {children}
    </div>
  );
}

const List = ({ items }: { items: readonly string[] }) => (
  <ul className={classes.list}>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

export function ReportRiskNotes({ risk, label, locale }: { risk: ReportRiskData; label: Label; locale: Locale }) {
  const { consistency } = risk;
  return (
    <>
      {risk.explainFirst.length > 0 ? (
        <Notice title={label('report.risk.explainTitle')} tone="warn" testId="report-explain-first">
          <p>{label('report.risk.explainLead')}</p>
          <List items={risk.explainFirst} />
        </Notice>
      ) : null}
      {risk.remarks.length > 0 ? (
        <Notice title={label('report.risk.remarksTitle')} testId="report-remarks">
          <List items={risk.remarks} />
        </Notice>
      ) : null}
      {consistency.flagged ? (
        <div className={`${classes.notice} ${classes.small}`} data-tone="warn" data-testid="report-consistency" data-flagged="true">
          <p className={classes.noticeTitle}>{label('report.risk.consistency.flagged')}</p>
          {consistency.reasons.length > 0 ? <List items={consistency.reasons} /> : null}
          {consistency.discussedAt ? (
            <p data-testid="report-consistency-discussed">
              {label('report.risk.consistency.discussed', { date: formatReportDate(consistency.discussedAt, locale) })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className={classes.small} data-testid="report-consistency" data-flagged="false">
          {label('report.risk.consistency.ok')}
        </p>
      )}
    </>
  );
}
