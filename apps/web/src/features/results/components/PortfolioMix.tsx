// The model portfolio of the risk class: its equity / bond mix as one stacked bar with the shares in words.
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
  return (
    <Stack
      gap={6}
      data-testid="risk-portfolio"
      data-equity={portfolio.equityShare}
      data-bonds={portfolio.bondShare}
    >
      <Text fw={600}>{t('results.risk.portfolio.title', { class: portfolio.riskClass })}</Text>
      <div
        role="img"
        aria-label={t('results.risk.portfolio.label', { equity, bonds })}
        className={classes.bar}
      >
        {portfolio.equityShare > 0 ? (
          <span className={classes.equity} style={{ flexGrow: portfolio.equityShare }} aria-hidden />
        ) : null}
        {portfolio.bondShare > 0 ? (
          <span className={classes.bonds} style={{ flexGrow: portfolio.bondShare }} aria-hidden />
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
      </Group>
      <Text size="xs" c="dimmed">
        {t('results.risk.portfolio.note')}
      </Text>
    </Stack>
  );
}
