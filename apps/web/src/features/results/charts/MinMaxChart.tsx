// One minMax chart (I, II or III): the worst and best annualised return of the model portfolio over all rolling
// windows of one length, with their date spans; for a projection the 5th and 95th percentile instead.
import '@mantine/charts/styles.css';
import { BarChart } from './lazy-mantine-charts';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRiskView } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { formatMonthSpan, formatSignedPercent } from '../result-formats';
import { ChartFigure } from './ChartFigure';

type MinMax = TRiskView['minMax'][number];

interface MinMaxChartProps {
  chart: MinMax;
  projection: boolean;
  /** The same y scale for every window, so the charts can be compared at a glance. */
  scale: { domain: [number, number]; ticks: number[] };
}

export function MinMaxChart({ chart, projection, scale }: MinMaxChartProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const barLabel = (key: MinMax['bars'][number]['key']) =>
    projection ? t(`results.risk.bar.projection.${key}`) : t(`results.risk.bar.history.${key}`);
  const data = chart.bars.map((bar) => ({ name: barLabel(bar.key), value: bar.value }));
  const title = t(projection ? 'results.risk.chart.minMaxProjection' : 'results.risk.chart.minMax', {
    id: chart.id,
    window: t(`results.risk.window.${chart.label}`),
  });
  const summary =
    chart.bars.length === 0 ? (
      <Text size="sm">{t('results.risk.chart.noWindow')}</Text>
    ) : (
      <List size="sm" listStyleType="none" spacing={2}>
        {chart.bars.map((bar) => {
          const span = formatMonthSpan(bar.dateFrom, bar.dateTo, locale);
          const value = formatSignedPercent(bar.value, locale);
          return (
            <List.Item key={bar.key} data-bar={bar.key}>
              {span
                ? t('results.risk.chart.barWithSpan', { label: barLabel(bar.key), value, span })
                : t('results.risk.chart.bar', { label: barLabel(bar.key), value })}
            </List.Item>
          );
        })}
      </List>
    );
  return (
    <ChartFigure id={chart.id} title={title} summary={summary}>
      {chart.bars.length > 0 ? (
        <BarChart
          h={180}
          data={data}
          dataKey="name"
          series={[{ name: 'value', label: t('results.risk.annualReturn') }]}
          valueFormatter={(value) => formatSignedPercent(value, locale, 0)}
          getBarColor={(value) => (value < 0 ? 'red.7' : 'teal.7')}
          withBarValueLabel
          valueLabelProps={{ formatter: (value: unknown) => formatSignedPercent(Number(value), locale) }}
          withTooltip={false}
          accessibilityLayer={false}
          yAxisProps={{ domain: scale.domain, ticks: scale.ticks, interval: 0, width: 56 }}
          xAxisProps={{ interval: 0 }}
          referenceLines={[{ y: 0, color: 'gray.6' }]}
          gridAxis="x"
          maxBarWidth={64}
        />
      ) : null}
    </ChartFigure>
  );
}
