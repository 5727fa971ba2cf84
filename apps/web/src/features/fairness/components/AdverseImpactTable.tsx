// One table of the adverse-impact report (a category or the intersection of sex and ethnic group): per group the
// figures, or why there are none; and a bar per shown group of its impact ratio with the four-fifths line.
import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAdverseImpactGroup, TAdverseImpactReport } from '@bq/contracts/fairness';
import { useFormat } from '../../../lib/formats';

type ReportTable = TAdverseImpactReport['tables'][number];

const TITLE: Record<string, string> = { sex: 'fairness.table.sex', ageBand: 'fairness.table.ageBand', ethnicGroup: 'fairness.table.ethnicGroup' };

function useGroupName(table: ReportTable) {
  const { t } = useTranslation();
  return (g: TAdverseImpactGroup) =>
    g.key
      .split('|')
      .map((code, i) => g.labels[i] ?? t(`fairness.option.${table.categories[i]}.${code}`))
      .join(' / ');
}

export function AdverseImpactTable({ table, scores }: { table: ReportTable; scores: boolean }) {
  const { t } = useTranslation();
  const { formatPercent, formatNumber } = useFormat();
  const name = useGroupName(table);
  const shown = table.groups.filter((g) => g.shown === 'SHOWN');
  const yesNo = (v: boolean | null) => (v === null ? '–' : t(v ? 'fairness.yes' : 'fairness.no'));
  return (
    <Paper withBorder p="md" data-testid={`fairness-table-${table.key}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(TITLE[table.key] ?? 'fairness.table.intersection')}
        </Title>
        {shown.length ? (
          <Stack gap={4} role="img" aria-label={t('fairness.chart.label')}>
            {shown.map((g) => (
              <Group key={g.key} gap="xs" wrap="nowrap">
                <Text size="xs" w={160} truncate>
                  {name(g)}
                </Text>
                <Box pos="relative" style={{ flex: 1, height: 14, background: 'var(--mantine-color-gray-1)' }}>
                  <Box style={{ width: `${Math.min(1, g.impactRatio ?? 0) * 100}%`, height: '100%', background: g.fourFifthsFlag ? 'var(--mantine-color-orange-7)' : 'var(--mantine-color-brand-7, var(--mantine-color-blue-7))' }} />
                  <Box pos="absolute" top={0} left="80%" style={{ width: 2, height: '100%', background: 'var(--mantine-color-dark-7)' }} />
                </Box>
                <Text size="xs" w={40} ta="right">
                  {g.impactRatio === null ? '–' : formatNumber(g.impactRatio, 2)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fairness.column.group')}</Table.Th>
                <Table.Th>{t('fairness.column.assessed')}</Table.Th>
                <Table.Th>{t('fairness.column.selected')}</Table.Th>
                <Table.Th>{t('fairness.column.selectionRate')}</Table.Th>
                <Table.Th>{t('fairness.column.impactRatio')}</Table.Th>
                <Table.Th>{t('fairness.column.fourFifths')}</Table.Th>
                <Table.Th>{t('fairness.column.fisherP')}</Table.Th>
                <Table.Th>{t('fairness.column.smallSample')}</Table.Th>
                {scores ? <Table.Th>{t('fairness.column.scoringRate')}</Table.Th> : null}
                {scores ? <Table.Th>{t('fairness.column.scoringImpactRatio')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.groups.map((g) => (
                <Table.Tr key={g.key} data-group={g.key} data-shown={g.shown}>
                  <Table.Td>
                    {name(g)} {g.isReference ? <Badge size="xs" variant="light">{t('fairness.reference')}</Badge> : null}
                  </Table.Td>
                  {g.shown === 'SHOWN' ? (
                    <>
                      <Table.Td>{g.assessed}</Table.Td>
                      <Table.Td>{g.selected}</Table.Td>
                      <Table.Td>{formatPercent(g.selectionRate!, 1)}</Table.Td>
                      <Table.Td>{g.impactRatio === null ? '–' : formatNumber(g.impactRatio, 2)}</Table.Td>
                      <Table.Td>{g.fourFifthsFlag ? <Badge color="orange">{t('fairness.yes')}</Badge> : yesNo(g.fourFifthsFlag)}</Table.Td>
                      <Table.Td>{g.fisherP === null ? '–' : formatNumber(g.fisherP, 4)}</Table.Td>
                      <Table.Td>{yesNo(g.smallSample)}</Table.Td>
                      {scores ? <Table.Td>{g.scoringRate === null ? '–' : formatPercent(g.scoringRate, 1)}</Table.Td> : null}
                      {scores ? <Table.Td>{g.scoringImpactRatio === null ? '–' : formatNumber(g.scoringImpactRatio, 2)}</Table.Td> : null}
                    </>
                  ) : (
                    <Table.Td colSpan={scores ? 9 : 7}>
                      <Text size="sm" c="dimmed">
                        {t(`fairness.shown.${g.shown}`)}
                      </Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed">
          {table.notStated === null ? t('fairness.notStatedHidden') : t('fairness.notStated', { count: table.notStated })}
        </Text>
      </Stack>
    </Paper>
  );
}
