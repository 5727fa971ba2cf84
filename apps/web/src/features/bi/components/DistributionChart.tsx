// A category's distribution by client group: a bar chart (hidden from assistive technology) and the same numbers
// as a table, which is the accessible version and says "too few to show" where the k floor hides a count.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TBiCategoryResponse, TBiCount } from '@bq/contracts/bi';
import { CLIENT_GROUPS } from '@bq/domain/client-rules';
import { useFormat } from '../../../lib/formats';
import { BarChart } from './lazy-bar-chart';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/chart-legend';

export function DistributionChart({ data }: { data: TBiCategoryResponse }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const groups = data.group ? [data.group] : [...CLIENT_GROUPS];
  const cell = (c: TBiCount) => (c.tooFewToShow ? null : c.count);
  const shown = (c: TBiCount) =>
    c.tooFewToShow ? (
      <Text span size="sm" c="dimmed" fs="italic">
        {data.texts['bi.tooFewToShow'] ?? t('biPage.tooFewToShow')}
      </Text>
    ) : (
      formatNumber(c.count ?? 0, 0)
    );
  const chartData = data.rows.map((r) => ({
    bucket: r.label,
    ...Object.fromEntries(groups.map((g) => [g, cell(r[g])])),
  }));
  const colors: Record<string, string> = { PROSPECT: 'blue.6', ESTABLISHED: 'teal.7' };
  return (
    <figure style={{ margin: 0 }} aria-labelledby="bi-distribution-title">
      <Text component="figcaption" fw={600} id="bi-distribution-title" mb="xs">
        {t('biPage.distribution.title', { category: data.category.label })}
      </Text>
      <div aria-hidden data-testid="bi-chart">
        <BarChart
          h={260}
          data={chartData}
          dataKey="bucket"
          series={groups.map((g) => ({ name: g, label: t(`biPage.group.${g}`), color: colors[g] }))}
          withLegend
          legendProps={LEGEND_IN_SERIES_ORDER}
          withTooltip={false}
          accessibilityLayer={false}
          valueFormatter={(v) => formatNumber(v, 0)}
          yAxisProps={{ allowDecimals: false }}
        />
      </div>
      <Table.ScrollContainer minWidth={420} type="native" mt="md" tabIndex={0}>
        <Table striped withTableBorder data-testid="bi-distribution-table">
          <Table.Caption>
            {t('biPage.distribution.caption')}
            {data.anonymityK !== null ? ` ${t('biPage.distribution.kNote', { k: data.anonymityK })}` : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{data.category.label}</Table.Th>
              {groups.map((g) => (
                <Table.Th scope="col" key={g} ta="right">
                  {t(`biPage.group.${g}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.bucket}>
                <Table.Th scope="row" fw={500}>
                  {r.label}
                </Table.Th>
                {groups.map((g) => (
                  <Table.Td key={g} ta="right">
                    {shown(r[g])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{t('biPage.distribution.total')}</Table.Th>
              {groups.map((g) => (
                <Table.Td key={g} ta="right" fw={600}>
                  {shown(data.totals[g])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </figure>
  );
}
