// The selected clients' dimension profiles side by side (T-scores): a grouped bar chart, hidden from assistive
// technology, with the same numbers as a table that screen readers always read and anyone can open.
import { useId, useState } from 'react';
import { Box, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientComparison } from '@bq/contracts/comparison';
import { useFormat } from '../../../lib/formats';
import { BarChart } from './lazy-bar-chart';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/chart-legend';

const COLORS = [
  'brand.6',
  'orange.6',
  'teal.6',
  'grape.6',
  'yellow.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'red.6',
];

export function ComparisonProfiles({
  comparison,
  selected,
}: {
  comparison: TClientComparison;
  selected: string[];
}) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const shown = comparison.clients.filter((c) => selected.includes(c.displayName));
  const valueOf = (client: TClientComparison['clients'][number], key: string) =>
    client.dimensionGraph.find((d) => d.key === key)?.value ?? null;
  const data = comparison.dimensions.map((d) => ({
    dimension: d.name,
    ...Object.fromEntries(shown.map((c) => [c.displayName, valueOf(c, d.key) ?? 0])),
  }));
  const table = (
    <Table striped withTableBorder data-testid="comparison-profile-table">
      <caption>{t('comparison.profiles.tableCaption')}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('comparison.dimension')}</Table.Th>
          {shown.map((c) => (
            <Table.Th scope="col" key={c.token}>
              {c.displayName}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {comparison.dimensions.map((d) => (
          <Table.Tr key={d.key}>
            <Table.Th scope="row">{d.name}</Table.Th>
            {shown.map((c) => {
              const value = valueOf(c, d.key);
              return (
                <Table.Td key={c.token}>
                  {value === null ? t('comparison.notComputable') : formatNumber(value, 0)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={`${tableId}-title`}
      data-testid="comparison-profiles"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id={`${tableId}-title`}>
          {t('comparison.profiles.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('comparison.profiles.lead')}
        </Text>
        {shown.length === 0 ? (
          <Text data-testid="comparison-nothing-selected">{t('comparison.profiles.noneSelected')}</Text>
        ) : (
          <>
            <div aria-hidden data-testid="comparison-chart">
              <BarChart
                h={300}
                data={data}
                dataKey="dimension"
                series={shown.map((c, i) => ({ name: c.displayName, color: COLORS[i % COLORS.length]! }))}
                yAxisProps={{ domain: [20, 80] }}
                withLegend
                legendProps={LEGEND_IN_SERIES_ORDER}
                accessibilityLayer={false}
                referenceLines={[{ y: 50, label: t('comparison.profiles.normMean'), color: 'gray.6' }]}
              />
            </div>
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconTable size={16} aria-hidden />}
                aria-expanded={tableShown}
                aria-controls={tableId}
                onClick={() => setTableShown((v) => !v)}
              >
                {tableShown ? t('results.table.hide') : t('results.table.show')}
              </Button>
              <Box id={tableId} mt={tableShown ? 'xs' : undefined}>
                {tableShown ? table : <VisuallyHidden>{table}</VisuallyHidden>}
              </Box>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
