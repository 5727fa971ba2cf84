// The minMax numbers as a table (spec section 3: "a table with rows"): per window length the worst and best
// annualised return with their periods, nominal or real; for a projection the 5th and 95th percentile without periods.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRiskView } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { formatMonthSpan, formatSignedPercent } from '../result-formats';

interface RiskWindowTableProps {
  rows: TRiskView['table']['rows'];
  projection: boolean;
  /** History only: the figures after US inflation. */
  real?: boolean;
}

export function RiskWindowTable({ rows, projection, real = false }: RiskWindowTableProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const kind = projection ? 'projection' : 'history';
  const caption = projection ? 'projection' : real ? 'real' : 'history';
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table
        striped
        withTableBorder
        captionSide="top"
        data-testid="risk-table"
        data-basis={real ? 'real' : 'nominal'}
      >
        <Table.Caption>{t(`results.risk.table.caption.${caption}`)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('results.risk.table.window')}</Table.Th>
            <Table.Th scope="col">{t(`results.risk.bar.${kind}.worst`)}</Table.Th>
            {projection ? null : <Table.Th scope="col">{t('results.risk.table.period')}</Table.Th>}
            <Table.Th scope="col">{t(`results.risk.bar.${kind}.best`)}</Table.Th>
            {projection ? null : <Table.Th scope="col">{t('results.risk.table.period')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row">{t(`results.risk.window.${row.label}`)}</Table.Th>
              <Table.Td>{formatSignedPercent(row.worst, locale)}</Table.Td>
              {projection ? null : <Table.Td>{formatMonthSpan(row.worstFrom, row.worstTo, locale)}</Table.Td>}
              <Table.Td>{formatSignedPercent(row.best, locale)}</Table.Td>
              {projection ? null : <Table.Td>{formatMonthSpan(row.bestFrom, row.bestTo, locale)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
