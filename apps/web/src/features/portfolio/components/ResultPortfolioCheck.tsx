// On a risk result's dashboard, beside the model portfolio: the client's current portfolio as of its date, checked
// against this result's suitable class (the dashboard content's `portfolioCheck`, decision 0091).
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TResultPortfolioCheck } from '@bq/contracts/portfolio';
import { useFormat } from '../../../lib/formats';
import { PortfolioCheckSummary } from './PortfolioCheckSummary';

export function ResultPortfolioCheck({ portfolioCheck }: { portfolioCheck: TResultPortfolioCheck }) {
  const { t } = useTranslation();
  const { formatDate, formatPercent } = useFormat();
  const { mix } = portfolioCheck;
  return (
    <Stack gap="xs" mt="md" data-testid="result-portfolio-check">
      <Text fw={600}>{t('portfolio.current', { date: formatDate(portfolioCheck.asOf) })}</Text>
      <Text size="sm">
        {t('portfolio.mix', { equities: formatPercent(mix.equityShare), bonds: formatPercent(mix.bondShare), cash: formatPercent(mix.cashShare) })}
      </Text>
      <PortfolioCheckSummary check={portfolioCheck.check} />
    </Stack>
  );
}
