// The BQA risk part of the report: the suitable risk class on the 1-7 scale, how it came about (tolerance, limits,
// the client's own estimate), the model portfolio, the worded notes, and, where the report includes the risk
// section, the worst and best 1/5/10-year windows as a table. The "charts" are plain CSS, drawn with the first paint.
import type { TReportPageContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { historyCutBeforeFileEnd } from '@bq/domain/market-history-end';
import { formatMonthYear } from '@bq/domain/report-dates';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import { PortfolioBar } from './PortfolioBar';
import { ReportRiskNotes } from './ReportRiskNotes';
import { RiskClassBar } from './RiskClassBar';
import { RiskWindowTable } from './RiskWindowTable';
import classes from './ReportDocument.module.css';

type ReportRiskData = NonNullable<TReportPageContent['risk']>;
type Label = (key: string, values?: Record<string, string | number>) => string;

/** "March 2023" / "März 2023": the report's long month, as the PDF writes it. */
function monthYear(isoDate: string, locale: Locale): string {
  return formatMonthYear(isoDate.slice(0, 7), locale);
}

type HistoryBasisData = Extract<NonNullable<ReportRiskData['section']>['basis'], { kind: 'history' }>;

/** The period and source of the windows, where they end and why when the file reaches further, and what they are. */
function HistoryBasis({ basis, label, locale }: { basis: HistoryBasisData; label: Label; locale: Locale }) {
  return (
    <>
      <p className={classes.small} data-testid="report-risk-basis">
        {label('report.risk.basis.history', { from: monthYear(basis.firstDate, locale), to: monthYear(basis.lastDate, locale), source: basis.source })}
      </p>
      {historyCutBeforeFileEnd(basis) ? (
        <p className={classes.small} data-testid="report-risk-cut">
          {label('report.risk.basis.historyCut', { to: monthYear(basis.lastDate, locale), fileTo: monthYear(basis.marketData.fileLastDate, locale) })}
        </p>
      ) : null}
      <p className={`${classes.small} ${classes.dimmed}`} data-testid="report-risk-what">
        {label('report.risk.basis.what')}
      </p>
    </>
  );
}

/** Each limit that lowered the class, with its reason; the one that set it marked. */
function Caps({ risk, label }: { risk: ReportRiskData; label: Label }) {
  if (risk.caps.length === 0) {
    return <p className={classes.small} data-testid="report-risk-caps">{label('report.risk.noCaps')}</p>;
  }
  return (
    <div className={classes.small} data-testid="report-risk-caps">
      <p className={classes.strong}>
        {label('report.risk.capsLead', { tolerance: risk.toleranceClass, suitable: risk.suitableClass })}
      </p>
      <ul className={classes.list}>
        {risk.caps.map((cap) => (
          <li key={cap.key} data-cap={cap.key} data-binding={cap.binding}>
            {cap.reason}
            {cap.binding ? (
              <span className={`${classes.badge} ${classes.badgeFilled} ${classes.after}`}>{label('report.risk.binding')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ReportRisk({ risk, texts, locale }: { risk: ReportRiskData; texts: DocumentTexts; locale: Locale }) {
  const label = (key: string, values?: Record<string, string | number>) => documentText(texts, key, values);
  const section = risk.section;
  return (
    <section className={classes.section} aria-labelledby="report-risk-title" data-testid="report-risk">
      <h2 id="report-risk-title">{label('report.section.risk')}</h2>
      <div className={classes.riskGrid}>
        <div>
          <div>
            <p className={classes.strong} style={{ marginBottom: 6 }}>
              {label('report.risk.classOf', { class: risk.suitableClass })}
            </p>
            <RiskClassBar riskClass={risk.suitableClass} />
          </div>
          <table className={classes.table}>
            <tbody>
              <tr>
                <th scope="row">{label('report.risk.toleranceClass')}</th>
                <td>{risk.toleranceClass}</td>
              </tr>
              <tr>
                <th scope="row">{label('report.risk.suitableClass')}</th>
                <td className={classes.strong} data-testid="report-suitable-class">{risk.suitableClass}</td>
              </tr>
              <tr>
                <th scope="row">{label('report.risk.selfEstimate')}</th>
                <td>{risk.selfEstimate ?? label('report.risk.selfEstimateMissing')}</td>
              </tr>
            </tbody>
          </table>
          <Caps risk={risk} label={label} />
        </div>
        <div>
          <PortfolioBar portfolio={risk.portfolio} locale={locale} />
        </div>
      </div>
      <ReportRiskNotes risk={risk} label={label} locale={locale} />
      {section ? (
        <div className={classes.section} style={{ gap: 8 }} data-testid="report-risk-windows">
          <h3>{label('report.section.riskHistory')}</h3>
          {section.basis.kind === 'history' ? <HistoryBasis basis={section.basis} label={label} locale={locale} /> : null}
          {section.marketRisk ? (
            <p className={`${classes.small} ${classes.strong}`} data-testid="report-market-risk">
              {label('report.risk.marketRisk.title', { mrm: section.marketRisk.mrm })}
            </p>
          ) : null}
          <RiskWindowTable rows={section.nominal.table.rows} projection={section.basis.kind === 'projection'} locale={locale} />
          {section.real ? <RiskWindowTable rows={section.real.table.rows} projection={false} real locale={locale} /> : null}
        </div>
      ) : null}
    </section>
  );
}
