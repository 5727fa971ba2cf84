// The report's dimensions in order, under a short note on how to read the T scale. Each: what it measures, the
// T-score with its 95 % band on the 20-80 scale (the dashboard's picture), stanine, percentile and the level in words.
import type { TReportDimension } from '@bq/contracts/reports';
import { formatNumber } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import { useTexts } from '../../../participant/texts';
import { TScoreBar } from './TScoreBar';
import classes from './ReportDocument.module.css';

type Label = (key: string, values?: Record<string, string | number>) => string;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <p className={classes.small}>
      <span className={classes.dimmed}>{label}:</span> <span className={classes.strong}>{value}</span>
    </p>
  );
}

function Figures({ dimension, score, label, locale }: { dimension: TReportDimension; score: number; label: Label; locale: Locale }) {
  const number = (value: number) => formatNumber(value, locale, 1);
  return (
    <div className={classes.figures}>
      <Figure label={label('report.dimension.tScore')} value={number(score)} />
      {dimension.band ? (
        <Figure label={label('report.dimension.band')} value={`${number(dimension.band.low)}–${number(dimension.band.high)}`} />
      ) : null}
      {dimension.stanine !== null ? (
        <Figure label={label('report.dimension.stanine')} value={label('report.dimension.stanineValue', { stanine: dimension.stanine })} />
      ) : null}
      {dimension.percentile !== null ? (
        <Figure label={label('report.dimension.percentile')} value={String(dimension.percentile)} />
      ) : null}
    </div>
  );
}

function Dimension({ dimension, label, locale }: { dimension: TReportDimension; label: Label; locale: Locale }) {
  const { t } = useTexts();
  const score = dimension.computable ? dimension.t : null;
  return (
    <section
      className={classes.dimension}
      aria-label={dimension.name}
      data-testid={`report-dimension-${dimension.key}`}
      data-t={score ?? undefined}
      data-stanine={dimension.stanine ?? undefined}
    >
      <div className={classes.spread}>
        <h3>{dimension.name}</h3>
        {score !== null && dimension.level ? <span className={classes.badge}>{t(`results.level.${dimension.level}`)}</span> : null}
      </div>
      {dimension.description ? <p className={`${classes.small} ${classes.dimmed}`}>{dimension.description}</p> : null}
      {score !== null ? (
        <>
          <TScoreBar t={score} band={dimension.band} locale={locale} />
          <div className={`${classes.ends} ${classes.tiny} ${classes.dimmed}`} style={{ maxWidth: 'none' }} aria-hidden>
            <span>{dimension.lowLabel}</span>
            <span>{dimension.highLabel}</span>
          </div>
          <Figures dimension={dimension} score={score} label={label} locale={locale} />
          {dimension.levelText ? <p style={{ fontWeight: 500 }}>{dimension.levelText}</p> : null}
          {dimension.why ? (
            <p className={classes.small} data-testid={`report-why-${dimension.key}`}>
              <span className={classes.strong}>{label('report.why.title')}:</span> {dimension.why}
            </p>
          ) : null}
          {dimension.advice ? (
            <p className={classes.small} data-testid={`report-advice-${dimension.key}`}>
              <span className={classes.strong}>{label('report.advice.title')}:</span> {dimension.advice}
            </p>
          ) : null}
        </>
      ) : (
        <p className={classes.small} data-testid="report-dimension-not-computable">
          {label('report.dimension.notComputable')}
        </p>
      )}
    </section>
  );
}

export function ReportDimensions({ dimensions, texts, locale }: { dimensions: TReportDimension[]; texts: DocumentTexts; locale: Locale }) {
  const label: Label = (key, values) => documentText(texts, key, values);
  return (
    <section className={classes.section} aria-labelledby="report-dimensions-title">
      <h2 id="report-dimensions-title">{documentText(texts, 'report.section.dimensions')}</h2>
      <p className={`${classes.small} ${classes.dimmed}`}>{documentText(texts, 'report.dimensions.howToRead')}</p>
      {dimensions.map((dimension) => (
        <Dimension key={dimension.key} dimension={dimension} label={label} locale={locale} />
      ))}
    </section>
  );
}
