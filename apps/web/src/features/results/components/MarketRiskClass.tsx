// The model portfolio's market-risk class computed the PRIIPs way (Category 2 VaR-equivalent volatility), shown
// beside the profile class and named for what it is: the market-risk part of a PRIIPs indicator, not a product's
// summary risk indicator, and on another scale than the product's own risk profile classes.
import { Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMarketRiskClass } from '@bq/contracts/market-risk';
import { useFormat } from '../../../lib/formats';
import { formatMonthYear, formatPercent } from '../result-formats';

export function MarketRiskClass({
  marketRisk,
  profileClass,
}: {
  marketRisk: TMarketRiskClass;
  profileClass: number;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="risk-market-class" data-mrm={marketRisk.mrm} maw={560}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {t('results.risk.marketRisk.title')}
        </Text>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {t('results.risk.marketRisk.value', { mrm: marketRisk.mrm })}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('results.risk.marketRisk.text', {
          vev: formatPercent(marketRisk.vev, locale),
          from: formatMonthYear(marketRisk.from, locale),
          to: formatMonthYear(marketRisk.to, locale),
          years: marketRisk.holdingYears,
          class: profileClass,
        })}
      </Text>
    </Paper>
  );
}
