// Every dimension's numbers in one table: the screen-reader and print version of the dimension cards.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDimensionResult } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import type { DimensionTexts } from '../dimension-texts';

interface DimensionTableProps {
  rows: { result: TDimensionResult; texts: DimensionTexts }[];
}

export function DimensionTable({ rows }: DimensionTableProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  return (
    <Table striped withTableBorder captionSide="top">
      <Table.Caption>{t('results.dimensions.tableCaption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('results.dimensions.column.dimension')}</Table.Th>
          <Table.Th scope="col">{t('results.dimensions.column.t')}</Table.Th>
          <Table.Th scope="col">{t('results.dimensions.column.band')}</Table.Th>
          <Table.Th scope="col">{t('results.dimensions.column.stanine')}</Table.Th>
          <Table.Th scope="col">{t('results.dimensions.column.percentile')}</Table.Th>
          <Table.Th scope="col">{t('results.dimensions.column.level')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ result, texts }) => {
          const computable = result.computable && result.t !== null;
          return (
            <Table.Tr key={result.key}>
              <Table.Th scope="row">{texts.name}</Table.Th>
              {computable ? (
                <>
                  <Table.Td>{formatNumber(result.t!, 1)}</Table.Td>
                  <Table.Td>
                    {result.band
                      ? `${formatNumber(result.band.low, 1)} – ${formatNumber(result.band.high, 1)}`
                      : '–'}
                  </Table.Td>
                  <Table.Td>{result.stanine ?? '–'}</Table.Td>
                  <Table.Td>{result.percentile ?? '–'}</Table.Td>
                  <Table.Td>{result.level ? t(`results.level.${result.level}`) : '–'}</Table.Td>
                </>
              ) : (
                <Table.Td colSpan={5}>{t('results.dimension.notComputableShort')}</Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
