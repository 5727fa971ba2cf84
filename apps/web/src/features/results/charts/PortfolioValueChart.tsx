// Chart IV: the value over time (100 at the start) of the model portfolio, framed by all-equity and all-bond
// portfolios where the server sends them, on a logarithmic scale because a century of compounding spans several
// powers of ten. Thinned for drawing; the summary and the table use all points.
import '@mantine/charts/styles.css';
import { useMemo } from 'react';
import { LineChart } from './lazy-mantine-charts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRiskSection } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { mergeByDate, thinRows, yearEndRows, type ChartRow } from '../chart-series';
import { TableFallback } from '../components/TableFallback';
import { formatMonthYear, formatPercent } from '../result-formats';
import { ChartFigure } from './ChartFigure';

type Line = TRiskSection['lines'][number];

const KNOWN_LINES = ['portfolio', 'equity', 'bonds'];
const LINE_STYLES: Record<string, { color: string; strokeDasharray?: string }> = {
  portfolio: { color: 'brand.7' },
  equity: { color: 'orange.8', strokeDasharray: '6 4' },
  bonds: { color: 'teal.8', strokeDasharray: '2 3' },
};

interface Drawdown {
  fall: number;
  peak: string;
  trough: string;
}

/** The largest fall from a previous high, as a fraction, with its dates. */
function largestDrawdown(rows: readonly ChartRow[], key: string): Drawdown | null {
  let peak: { date: string; value: number } | null = null;
  let worst: Drawdown | null = null;
  for (const row of rows) {
    const value = row[key];
    if (typeof value !== 'number') continue;
    if (!peak || value > peak.value) peak = { date: row.date, value };
    const fall = value / peak.value - 1;
    if (!worst || fall < worst.fall) worst = { fall, peak: peak.date, trough: row.date };
  }
  return worst && worst.fall < 0 ? worst : null;
}

export function PortfolioValueChart({ lines }: { lines: Line[] }) {
  const { t } = useTranslation();
  const { locale, formatNumber } = useFormat();
  const id = lines[0]?.id ?? 'IV';
  const main = (lines.find((line) => line.key === 'portfolio') ?? lines[0])?.key ?? 'portfolio';
  const rows = useMemo(() => mergeByDate(lines), [lines]);
  const drawn = useMemo(() => thinRows(rows, main), [rows, main]);
  const yearly = useMemo(() => yearEndRows(rows), [rows]);
  const seriesLabel = (key: string) => (KNOWN_LINES.includes(key) ? t(`results.risk.line.${key}`) : key);
  const withMain = rows.filter((row) => typeof row[main] === 'number');
  const first = withMain[0];
  const last = withMain[withMain.length - 1];
  const drawdown = largestDrawdown(rows, main);
  const month = (date: string) => formatMonthYear(date, locale);
  const number = (value: unknown) => (typeof value === 'number' ? formatNumber(value, 0) : '–');
  // Wide enough for the largest value's label ("10,000,000"), which recharts would otherwise cut off.
  const largest = Math.max(0, ...rows.flatMap((row) => lines.map((line) => Number(row[line.key]) || 0)));
  const axisWidth = Math.max(48, formatNumber(largest, 0).length * 8 + 12);

  const summary = (
    <Text size="sm">
      {first && last
        ? t('results.risk.chart.lineSummary', {
            from: month(first.date),
            to: month(last.date),
            start: number(first[main]),
            end: number(last[main]),
          })
        : null}
      {drawdown
        ? ` ${t('results.risk.chart.drawdown', {
            fall: formatPercent(drawdown.fall, locale),
            peak: month(drawdown.peak),
            trough: month(drawdown.trough),
          })}`
        : null}
    </Text>
  );
  const table = (
    <TableFallback print={false}>
      <Table.ScrollContainer minWidth={360} maw={640}>
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>{t('results.risk.chart.lineTableCaption')}</Table.Caption>
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
    <ChartFigure id={id} title={t('results.risk.chart.line', { id })} summary={summary} table={table}>
      <LineChart
        h={300}
        data={drawn}
        dataKey="date"
        series={lines.map((line) => ({
          name: line.key,
          label: seriesLabel(line.key),
          ...(LINE_STYLES[line.key] ?? { color: 'gray.7' }),
        }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        withDots={false}
        curveType="linear"
        strokeWidth={2}
        accessibilityLayer={false}
        tooltipAnimationDuration={0}
        valueFormatter={(value) => formatNumber(value, 0)}
        xAxisProps={{ tickFormatter: (date: string) => String(date).slice(0, 4), minTickGap: 32 }}
        yAxisProps={{ scale: 'log', domain: ['auto', 'auto'], width: axisWidth }}
        gridAxis="x"
      />
    </ChartFigure>
  );
}
