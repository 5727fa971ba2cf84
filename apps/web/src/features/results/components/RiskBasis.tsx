// What the risk charts rest on and what they are: the imported market history (period and source) of US equities
// and 10-year US Treasuries, total return in US dollars; or, without history, a projection from stated
// capital-market assumptions, which are listed so nobody mistakes them for history.
import { Alert, List, Text } from '@mantine/core';
import { IconChartLine, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TRiskSection } from '@bq/contracts/dashboard';
import { historyCutBeforeFileEnd } from '@bq/domain/market-history-end';
import { useFormat } from '../../../lib/formats';
import { formatMonthYear, formatPercent } from '../result-formats';

export function RiskBasis({ basis }: { basis: TRiskSection['basis'] }) {
  const { t } = useTranslation();
  const { locale, formatNumber } = useFormat();
  if (basis.kind === 'history') {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconChartLine aria-hidden />}
        title={t('results.risk.basis.history.title')}
        data-testid="risk-basis"
        data-kind="history"
      >
        <Text size="sm">
          {t('results.risk.basis.history.text', {
            from: formatMonthYear(basis.firstDate, locale),
            to: formatMonthYear(basis.lastDate, locale),
            source: basis.source,
          })}
        </Text>
        {historyCutBeforeFileEnd(basis) ? (
          <Text size="sm" mt="xs" data-testid="risk-basis-cut">
            {t('results.risk.basis.history.cutNote', {
              to: formatMonthYear(basis.lastDate, locale),
              fileTo: formatMonthYear(basis.marketData.fileLastDate, locale),
            })}
          </Text>
        ) : null}
        <Text size="sm" mt="xs" data-testid="risk-basis-what">
          {t('results.risk.basis.history.what')}
        </Text>
      </Alert>
    );
  }
  const { assumptions } = basis;
  const pct = (value: number) => formatPercent(value, locale, 1);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={t('results.risk.basis.projection.title')}
      data-testid="risk-basis"
      data-kind="projection"
    >
      <Text size="sm">{t('results.risk.basis.projection.text')}</Text>
      <Text size="sm" fw={600} mt="xs">
        {t('results.risk.basis.projection.assumptions')}
      </Text>
      <List size="sm" data-testid="risk-assumptions">
        <List.Item>
          {t('results.risk.basis.projection.equity', {
            return: pct(assumptions.equityReturn),
            volatility: pct(assumptions.equityVolatility),
          })}
        </List.Item>
        <List.Item>
          {t('results.risk.basis.projection.bonds', {
            return: pct(assumptions.bondReturn),
            volatility: pct(assumptions.bondVolatility),
          })}
        </List.Item>
        <List.Item>
          {t('results.risk.basis.projection.cash', {
            return: pct(assumptions.cashReturn),
            volatility: pct(assumptions.cashVolatility),
          })}
        </List.Item>
        <List.Item>
          {t('results.risk.basis.projection.correlation', {
            correlation: formatNumber(assumptions.correlation, 2),
          })}
        </List.Item>
      </List>
    </Alert>
  );
}
