// Chart IV: the value over time (100 at the start) of the model portfolio, framed by all-equity and all-bond
// portfolios where the server sends them, on a logarithmic scale because a century of compounding spans several
// powers of ten, in US dollars, nominal or after US inflation. The time axis is numeric with evenly spaced round
// years. The largest drawdown comes from the server, measured over every month (the chart's points are fewer).
import '@mantine/charts/styles.css';
import { useMemo } from 'react';
import { LineChart } from './lazy-mantine-charts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRiskView } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { mergeByDate, thinRows, yearEndRows, yearOf, yearTicks } from '../chart-series';
import { TableFallback } from '../components/TableFallback';
import { formatMonthYear, formatPercent } from '../result-formats';
import { ChartFigure } from './ChartFigure';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/chart-legend';

type Line = TRiskView['lines'][number];

const KNOWN_LINES = ['portfolio', 'equity', 'bonds'];
const LINE_STYLES: Record<string, { color: string; strokeDasharray?: string }> = {
  portfolio: { color: 'brand.7' },
  equity: { color: 'orange.8', strokeDasharray: '6 4' },
  bonds: { color: 'teal.8', strokeDasharray: '2 3' },
};

interface PortfolioValueChartProps {
  lines: Line[];
  basis: 'nominal' | 'real';
  maxDrawdown: TRiskView['maxDrawdown'];
  volatility: TRiskView['volatility'];
}

export function PortfolioValueChart({ lines, basis, maxDrawdown, volatility }: PortfolioValueChartProps) {
  const { t } = useTranslation();
  const { locale, formatNumber, formatCurrency } = useFormat();
  const id = lines[0]?.id ?? 'IV';
  const main = (lines.find((line) => line.key === 'portfolio') ?? lines[0])?.key ?? 'portfolio';
  const rows = useMemo(() => mergeByDate(lines), [lines]);
  const drawn = useMemo(
    () => thinRows(rows, main).map((row) => ({ ...row, year: yearOf(row.date) })),
    [rows, main],
  );
  const yearly = useMemo(() => yearEndRows(rows), [rows]);
  const seriesLabel = (key: string) => (KNOWN_LINES.includes(key) ? t(`results.risk.line.${key}`) : key);
  const withMain = rows.filter((row) => typeof row[main] === 'number');
  const first = withMain[0];
  const last = withMain[withMain.length - 1];
  const month = (date: string) => formatMonthYear(date, locale);
  const number = (value: unknown) => (typeof value === 'number' ? formatNumber(value, 0) : '–');
  const dollars = (value: unknown) => (typeof value === 'number' ? formatCurrency(value, 0, 'USD') : '–');
  // Wide enough for the largest value's label ("10,000,000"), which recharts would otherwise cut off.
  const largest = Math.max(0, ...rows.flatMap((row) => lines.map((line) => Number(row[line.key]) || 0)));
  const axisWidth = Math.max(48, formatNumber(largest, 0).length * 8 + 12);
  const firstYear = first ? yearOf(first.date) : 0;
  const lastYear = last ? yearOf(last.date) : 1;
  const ticks = yearTicks(firstYear, lastYear);

  const summary = (
    <Text size="sm" data-testid="risk-line-summary">
      {first && last
        ? t(basis === 'real' ? 'results.risk.chart.lineSummaryReal' : 'results.risk.chart.lineSummary', {
            from: month(first.date),
            to: month(last.date),
            start: dollars(first[main]),
            end: dollars(last[main]),
          })
        : null}
      {maxDrawdown ? (
        <span data-testid="risk-drawdown" data-fall={maxDrawdown.fall}>
          {' '}
          {t(
            maxDrawdown.recoveryDate
              ? 'results.risk.chart.drawdown'
              : 'results.risk.chart.drawdownNotRecovered',
            {
              fall: formatPercent(maxDrawdown.fall, locale),
              peak: month(maxDrawdown.peakDate),
              trough: month(maxDrawdown.troughDate),
              recovery: maxDrawdown.recoveryDate ? month(maxDrawdown.recoveryDate) : '',
              end: last ? month(last.date) : '',
            },
          )}
        </span>
      ) : null}
      {volatility !== null
        ? ` ${t('results.risk.volatility', { volatility: formatPercent(volatility, locale) })}`
        : null}
    </Text>
  );
  const table = (
    <TableFallback print={false}>
      <Table.ScrollContainer minWidth={360} maw={640}>
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>
            {t(
              basis === 'real'
                ? 'results.risk.chart.lineTableCaptionReal'
                : 'results.risk.chart.lineTableCaption',
            )}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('results.risk.chart.lineTableDate')}</Table.Th>
              {lines.map((line) => (
                <Table.Th scope="col" key={line.key}>
                  {seriesLabel(line.key)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {yearly.map((row) => (
              <Table.Tr key={row.date}>
                <Table.Th scope="row">{month(row.date)}</Table.Th>
                {lines.map((line) => (
                  <Table.Td key={line.key}>{number(row[line.key])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </TableFallback>
  );
  return (
    <ChartFigure
      id={id}
      title={t(basis === 'real' ? 'results.risk.chart.lineReal' : 'results.risk.chart.line', { id })}
      summary={summary}
      table={table}
    >
      <div data-testid="risk-line-ticks" data-ticks={ticks.join(',')}>
        <LineChart
          h={300}
          data={drawn}
          dataKey="year"
          series={lines.map((line) => ({
            name: line.key,
            label: seriesLabel(line.key),
            ...(LINE_STYLES[line.key] ?? { color: 'gray.7' }),
          }))}
          withLegend
          legendProps={{ ...LEGEND_IN_SERIES_ORDER, verticalAlign: 'bottom' }}
          withDots={false}
          curveType="linear"
          strokeWidth={2}
          accessibilityLayer={false}
          tooltipAnimationDuration={0}
          tooltipProps={{
            // The axis is a fractional year; the tooltip names the month of the point.
            labelFormatter: (_year: unknown, payload: readonly { payload?: { date?: string } }[]) =>
              payload[0]?.payload?.date ? month(payload[0].payload.date) : '',
          }}
          valueFormatter={(value) => formatNumber(value, 0)}
          // A numeric time axis with round years at one step: evenly spaced ticks, none missing.
          xAxisProps={{
            type: 'number',
            domain: [firstYear, lastYear],
            ticks,
            interval: 0,
            allowDecimals: false,
            tickFormatter: (year: number) => String(Math.round(year)),
          }}
          yAxisProps={{ scale: 'log', domain: ['auto', 'auto'], width: axisWidth }}
          gridAxis="x"
        />
      </div>
    </ChartFigure>
  );
}
