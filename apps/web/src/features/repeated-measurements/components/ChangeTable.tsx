// A participant's change per dimension between the first and the latest finished measurement, with the verdict of
// the reliable change index next to it: real only when |RCI| > 1.96 (DESIGN.md section 4).
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDimensionChange } from '@bq/contracts/repeated-measurements';
import { useFormat } from '../../../lib/formats';

export function ChangeTable({ changes, caption }: { changes: TDimensionChange[]; caption: string }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${formatNumber(Math.abs(n), 1)}`;
  return (
    <Table withTableBorder striped data-testid="change-table">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('teams.table.dimension')}</Table.Th>
          <Table.Th scope="col">{t('repeatedMeasurement.change.first')}</Table.Th>
          <Table.Th scope="col">{t('repeatedMeasurement.change.latest')}</Table.Th>
          <Table.Th scope="col">{t('repeatedMeasurement.change.difference')}</Table.Th>
          <Table.Th scope="col">{t('repeatedMeasurement.change.rci')}</Table.Th>
          <Table.Th scope="col">{t('repeatedMeasurement.change.verdict')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.key}>
            <Table.Th scope="row" fw={500}>
              {c.name}
            </Table.Th>
            <Table.Td>{formatNumber(c.first, 1)}</Table.Td>
            <Table.Td>{formatNumber(c.latest, 1)}</Table.Td>
            <Table.Td>{signed(c.difference)}</Table.Td>
            <Table.Td>{formatNumber(c.rci, 2)}</Table.Td>
            <Table.Td>
              {c.reliable ? (
                <Badge color={c.direction === 'up' ? 'teal' : 'orange'} variant="light">
                  {t(c.direction === 'up' ? 'repeatedMeasurement.change.realUp' : 'repeatedMeasurement.change.realDown')}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('repeatedMeasurement.change.withinError')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
