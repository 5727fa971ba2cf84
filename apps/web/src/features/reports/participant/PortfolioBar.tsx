// The model portfolio of the risk class: its equity / bond / cash-like mix as one stacked bar (plain CSS, drawn with
// the first paint) with the shares in words; the bar is one image named with the shares.
import type { TModelPortfolio } from '@bq/contracts/dashboard';
import type { Locale } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';
import { formatPercent } from '../../results/result-formats';
import classes from './ReportDocument.module.css';

export function PortfolioBar({ portfolio, locale }: { portfolio: TModelPortfolio; locale: Locale }) {
  const { t } = useTexts();
  const shares = {
    equity: formatPercent(portfolio.equityShare, locale, 0),
    bonds: formatPercent(portfolio.bondShare, locale, 0),
    cash: formatPercent(portfolio.cashShare, locale, 0),
  };
  const parts = [
    { key: 'equity', share: portfolio.equityShare, className: classes.equity },
    { key: 'bonds', share: portfolio.bondShare, className: classes.bonds },
    { key: 'cash', share: portfolio.cashShare, className: classes.cash },
  ] as const;
  return (
    <div
      className={classes.section}
      style={{ gap: 6 }}
      data-testid="risk-portfolio"
      data-equity={portfolio.equityShare}
      data-bonds={portfolio.bondShare}
      data-cash={portfolio.cashShare}
    >
      <p className={classes.strong}>{t('results.risk.portfolio.title', { class: portfolio.riskClass })}</p>
      <div role="img" aria-label={t('results.risk.portfolio.label', shares)} className={classes.bar}>
        {parts.map((part) =>
          part.share > 0 ? (
            <span key={part.key} className={part.className} style={{ flexGrow: part.share }} aria-hidden />
          ) : null,
        )}
      </div>
      <ul className={`${classes.legend} ${classes.small}`} aria-hidden>
        {parts.map((part) =>
          part.key !== 'cash' || part.share > 0 ? (
            <li key={part.key}>
              <span className={`${classes.swatch} ${part.className}`} />
              {t(`results.risk.portfolio.${part.key}`, { share: shares[part.key] })}
            </li>
          ) : null,
        )}
      </ul>
      <p className={`${classes.tiny} ${classes.dimmed}`}>{t('results.risk.portfolio.note')}</p>
    </div>
  );
}
