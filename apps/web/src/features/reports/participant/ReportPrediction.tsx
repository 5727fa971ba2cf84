// The rule-based indication of the report (investment style or performance outlook, decision 0014): the class the
// expert-set rules score best within the suitable risk class and its description, what the caps ruled out, every
// class best first, and that the rules are not fitted to outcomes, so there is no probability.
import type { TReportPageContent } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import classes from './ReportDocument.module.css';

type ReportPredictionData = NonNullable<TReportPageContent['prediction']>;

export function ReportPrediction({ prediction, texts }: { prediction: ReportPredictionData; texts: DocumentTexts }) {
  const label = (key: string, values?: Record<string, string | number>) => documentText(texts, key, values);
  return (
    <section className={classes.section} aria-labelledby="report-prediction-title" data-testid="report-prediction">
      <div className={classes.spread}>
        <h2 id="report-prediction-title">{prediction.title}</h2>
        <span className={classes.badge}>{label('report.prediction.provisional')}</span>
      </div>
      <p className={classes.lead}>
        {label('report.prediction.mostLikely')}:{' '}
        <strong data-testid="report-prediction-class">{prediction.predictedLabel}</strong>
      </p>
      {prediction.predictedDescription ? <p className={classes.small}>{prediction.predictedDescription}</p> : null}
      {prediction.unconstrainedLabel && prediction.suitableClass !== null ? (
        <p className={classes.small} data-testid="report-prediction-capped">
          {label('report.prediction.capped', {
            unconstrained: prediction.unconstrainedLabel,
            needs: prediction.unconstrainedMinClass ?? '',
            suitable: prediction.suitableClass,
            class: prediction.predictedLabel,
          })}
        </p>
      ) : null}
      {prediction.classes.length > 0 ? (
        <div className={classes.small}>
          <p className={classes.strong}>{label('report.prediction.allClasses')}</p>
          <ol className={classes.list}>
            {prediction.classes.map((c) => (
              <li key={c.key} className={c.allowed ? undefined : classes.dimmed}>
                {c.label}
                {!c.allowed && c.minRiskClass !== null
                  ? ` – ${label('report.prediction.aboveClass', { needs: c.minRiskClass, suitable: prediction.suitableClass ?? '' })}`
                  : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <p className={`${classes.tiny} ${classes.dimmed}`}>{label('report.prediction.provisionalNote')}</p>
    </section>
  );
}
