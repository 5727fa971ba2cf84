// The report's suitability statement (decision 0013): the client's answers on each ESMA suitability topic, one
// table per topic, marking what fed the risk class and grading the knowledge questions; the PDF shows the same.
import type { TSuitabilityStatementContent } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import classes from './ReportDocument.module.css';

type Row = TSuitabilityStatementContent['sections'][number]['rows'][number];

export function ReportSuitability({ statement, texts }: { statement: TSuitabilityStatementContent; texts: DocumentTexts }) {
  const label = (key: string) => documentText(texts, key);
  const notes = (row: Row) => (
    <div className={classes.figures} style={{ gap: 4 }}>
      {row.assessment ? (
        <span
          className={`${classes.badge} ${row.assessment === 'CORRECT' ? classes.badgeGood : classes.badgeWarn}`}
          data-assessment={row.assessment}
        >
          {label(row.assessment === 'CORRECT' ? 'report.suitability.correct' : 'report.suitability.incorrect')}
        </span>
      ) : null}
      {row.usedInVerdict ? <span className={classes.badge}>{label('report.suitability.usedInVerdict')}</span> : null}
    </div>
  );
  return (
    <section className={classes.section} aria-labelledby="report-suitability-title" data-testid="report-suitability">
      <h2 id="report-suitability-title">{label('report.section.suitability')}</h2>
      <p className={classes.small}>{label('report.suitability.intro')}</p>
      {statement.personalOmitted ? (
        <p className={`${classes.small} ${classes.dimmed}`} data-testid="report-suitability-personal-omitted">
          {label('report.suitability.personalOmitted')}
        </p>
      ) : null}
      {statement.sections.map((section) => (
        <table key={section.key} className={`${classes.table} ${classes.wide}`} data-section={section.key}>
          <caption>{section.title}</caption>
          <thead>
            <tr>
              <th scope="col" style={{ width: '34%' }}>{label('report.suitability.topic')}</th>
              <th scope="col" style={{ width: '30%' }}>{label('report.suitability.answer')}</th>
              <th scope="col">{label('report.suitability.note')}</th>
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.item} data-item={row.item}>
                <th scope="row" className={classes.plain}>{row.label}</th>
                <td className={row.answer ? undefined : classes.dimmed}>
                  {row.answer || label('report.suitability.notAnswered')}
                </td>
                <td>{notes(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className={`${classes.tiny} ${classes.dimmed}`}>{label('report.suitability.amounts')}</p>
      {statement.portfolio ? (
        <div data-testid="report-suitability-portfolio">
          <h3>{label('report.suitability.portfolio.title')}</h3>
          <p>{statement.portfolio.verdictText}</p>
          <p>{statement.portfolio.sentence}</p>
        </div>
      ) : null}
    </section>
  );
}
