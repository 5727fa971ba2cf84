// The worst and best annualised returns per window length as a table (spec section 3: "a table with rows"), nominal
// or real, with their periods; for a projection the 5th and 95th percentile without periods. On a phone the table
// scrolls in its own box rather than the page sideways.
import type { TRiskView } from '@bq/contracts/dashboard';
import type { Locale } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';
import { formatMonthSpan, formatSignedPercent } from '../../results/result-formats';
import classes from './ReportDocument.module.css';

interface RiskWindowTableProps {
  rows: TRiskView['table']['rows'];
  projection: boolean;
  /** History only: the figures after US inflation. */
  real?: boolean;
  locale: Locale;
}

export function RiskWindowTable({ rows, projection, real = false, locale }: RiskWindowTableProps) {
  const { t } = useTexts();
  const kind = projection ? 'projection' : 'history';
  const caption = projection ? 'projection' : real ? 'real' : 'history';
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div className={classes.scroller} tabIndex={0} role="region" aria-label={t(`results.risk.table.caption.${caption}`)}>
      <table
        className={`${classes.table} ${classes.wide} ${classes.striped}`}
        data-testid="risk-table"
        data-basis={real ? 'real' : 'nominal'}
      >
        <caption>{t(`results.risk.table.caption.${caption}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('results.risk.table.window')}</th>
            <th scope="col">{t(`results.risk.bar.${kind}.worst`)}</th>
            {projection ? null : <th scope="col">{t('results.risk.table.period')}</th>}
            <th scope="col">{t(`results.risk.bar.${kind}.best`)}</th>
            {projection ? null : <th scope="col">{t('results.risk.table.period')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{t(`results.risk.window.${row.label}`)}</th>
              <td>{formatSignedPercent(row.worst, locale)}</td>
              {projection ? null : <td>{formatMonthSpan(row.worstFrom, row.worstTo, locale)}</td>}
              <td>{formatSignedPercent(row.best, locale)}</td>
              {projection ? null : <td>{formatMonthSpan(row.bestFrom, row.bestTo, locale)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
