// The model portfolio of the risk class: its US equity / US Treasury / cash-like mix as one stacked bar with the
// shares in words.
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TModelPortfolio } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { formatPercent } from '../result-formats';
import classes from './PortfolioMix.module.css';

export function PortfolioMix({ portfolio }: { portfolio: TModelPortfolio }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const equity = formatPercent(portfolio.equityShare, locale, 0);
  const bonds = formatPercent(portfolio.bondShare, locale, 0);
  const cash = formatPercent(portfolio.cashShare, locale, 0);
  return (
    <Stack
      gap={6}
      data-testid="risk-portfolio"
      data-equity={portfolio.equityShare}
      data-bonds={portfolio.bondShare}
      data-cash={portfolio.cashShare}
    >
      <Text fw={600}>{t('results.risk.portfolio.title', { class: portfolio.riskClass })}</Text>
      <div
        role="img"
        aria-label={t('results.risk.portfolio.label', { equity, bonds, cash })}
        className={classes.bar}
      >
        {portfolio.equityShare > 0 ? (
          <span className={classes.equity} style={{ flexGrow: portfolio.equityShare }} aria-hidden />
        ) : null}
        {portfolio.bondShare > 0 ? (
          <span className={classes.bonds} style={{ flexGrow: portfolio.bondShare }} aria-hidden />
        ) : null}
        {portfolio.cashShare > 0 ? (
          <span className={classes.cash} style={{ flexGrow: portfolio.cashShare }} aria-hidden />
        ) : null}
      </div>
      <Group gap="lg" aria-hidden>
        <Group gap={6}>
          <span className={`${classes.swatch} ${classes.equity}`} />
          <Text size="sm">{t('results.risk.portfolio.equity', { share: equity })}</Text>
        </Group>
        <Group gap={6}>
          <span className={`${classes.swatch} ${classes.bonds}`} />
          <Text size="sm">{t('results.risk.portfolio.bonds', { share: bonds })}</Text>
        </Group>
        {portfolio.cashShare > 0 ? (
          <Group gap={6}>
            <span className={`${classes.swatch} ${classes.cash}`} />
            <Text size="sm">{t('results.risk.portfolio.cash', { share: cash })}</Text>
          </Group>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('results.risk.portfolio.note')}
      </Text>
    </Stack>
  );
}
