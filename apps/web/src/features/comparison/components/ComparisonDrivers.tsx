// Per compared client: what drives its similarity to the first client, dimension by dimension: the difference in
// T points, its share of the level distance, and whether the dimension follows the first client's pattern.
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TClientComparison } from '@bq/contracts/comparison';
import { useFormat } from '../../../lib/formats';

export function ComparisonDrivers({ comparison }: { comparison: TClientComparison }) {
  const { t } = useTranslation();
  const { formatNumber, formatPercent } = useFormat();
  const [first, ...others] = comparison.clients;
  if (!first) return null;
  const nameOf = (key: string) => comparison.dimensions.find((d) => d.key === key)?.name ?? key;
  return (
    <Stack gap="sm" component="section" aria-labelledby="comparison-drivers-title">
      <Title order={2} fz="h4" id="comparison-drivers-title">
        {t('comparison.drivers.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('comparison.drivers.lead', { name: first.displayName })}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: others.length > 1 ? 2 : 1 }}>
        {others.map((client) => {
          const top = [...client.drivers]
            .filter((d) => d.levelShare !== null)
            .sort((a, b) => (b.levelShare ?? 0) - (a.levelShare ?? 0))[0];
          return (
            <Paper withBorder radius="md" p="md" key={client.token} data-testid="comparison-driver-card">
              <Stack gap="xs">
                <Title order={3} fz="h5">
                  {t('comparison.drivers.against', { name: client.displayName, first: first.displayName })}
                </Title>
                {client.similarity === -1 ? (
                  <Text size="sm">{t('comparison.notComparable')}</Text>
                ) : (
                  <Text size="sm" data-testid="comparison-driver-summary">
                    {t('comparison.drivers.summary', {
                      similarity: client.similarity,
                      shape: client.shape,
                      level: client.level,
                    })}
                    {top && top.levelShare
                      ? ` ${t('comparison.drivers.top', { dimension: nameOf(top.key), share: formatPercent(top.levelShare / 100) })}`
                      : ''}
                  </Text>
                )}
                <Table withTableBorder fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('comparison.dimension')}</Table.Th>
                      <Table.Th scope="col">{t('comparison.drivers.difference')}</Table.Th>
                      <Table.Th scope="col">{t('comparison.drivers.levelShare')}</Table.Th>
                      <Table.Th scope="col">{t('comparison.drivers.pattern')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {comparison.dimensions
                      .map((dimension) => client.drivers.find((d) => d.key === dimension.key))
                      .filter((d) => d !== undefined)
                      .map((d) => (
                        <Table.Tr key={d.key}>
                          <Table.Th scope="row">{nameOf(d.key)}</Table.Th>
                          <Table.Td>
                            {d.difference === null
                              ? '–'
                              : `${d.difference > 0 ? '+' : ''}${formatNumber(d.difference, 1)}`}
                          </Table.Td>
                          <Table.Td>{d.levelShare === null ? '–' : formatPercent(d.levelShare / 100)}</Table.Td>
                          <Table.Td>
                            {d.sameDirection === null ? (
                              '–'
                            ) : (
                              <Text size="sm" fw={600} c={d.sameDirection ? 'teal.9' : 'orange.9'}>
                                {d.sameDirection
                                  ? t('comparison.drivers.same')
                                  : t('comparison.drivers.opposite')}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
