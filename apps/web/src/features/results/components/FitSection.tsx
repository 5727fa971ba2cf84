// The result's fit to the client's requirement (weight) profile, 0-100, its formula in one sentence and per dimension
// the gap to the target in sds, weight x gap² and the points it costs, so the adviser can explain and redo the number
// (DESIGN.md section 4; docs/decisions/0019, 0074).
import { Badge, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboardContent } from '@bq/contracts/dashboard';
import type { TResultFit } from '@bq/contracts/weights';
import { useFormat } from '../../../lib/formats';
import { dimensionTexts } from '../dimension-texts';

export function FitSection({ fit, content }: { fit: TResultFit; content: TDashboardContent }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  // In the order of the result's dimensions, as the rest of the dashboard shows them.
  const order = (key: string) => {
    const index = content.dimensions.findIndex((d) => d.key === key);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  const contributions = [...fit.contributions].sort((a, b) => order(a.key) - order(b.key));
  const value = (v: number | null, decimals = 1) => (v === null ? '–' : formatNumber(v, decimals));
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="result-fit-title"
      data-testid="result-fit"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h3" id="result-fit-title">
            {t('results.fit.title')}
          </Title>
          <Badge variant="light" size="lg">
            {t('results.fit.profile', { name: fit.profileName })}
          </Badge>
        </Group>
        {fit.fit === null ? (
          <Text>{t('results.fit.none')}</Text>
        ) : (
          <>
            <Group gap="md" align="center" wrap="nowrap">
              <Text fz={36} fw={700} data-testid="result-fit-value">
                {fit.fit}
              </Text>
              <Stack gap={4} style={{ flex: 1 }}>
                <Text size="sm">{t('results.fit.outOf', { value: fit.fit })}</Text>
                <Progress value={fit.fit} aria-hidden size="lg" />
              </Stack>
            </Group>
            <Text size="sm" data-testid="result-fit-rms">
              {t('results.fit.rmsGap', { value: value(fit.rmsGapSd, 2) })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="result-fit-method">
              {t('results.fit.method')}
            </Text>
          </>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="result-fit-table">
            <caption style={{ captionSide: 'top', textAlign: 'start' }}>
              {t('results.fit.tableCaption')}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('results.fit.dimension')}</Table.Th>
                <Table.Th scope="col">{t('results.fit.score')}</Table.Th>
                <Table.Th scope="col">{t('results.fit.target')}</Table.Th>
                <Table.Th scope="col">{t('results.fit.gap')}</Table.Th>
                <Table.Th scope="col">{t('results.fit.weight')}</Table.Th>
                <Table.Th scope="col">{t('results.fit.weightedSquaredGap')}</Table.Th>
                <Table.Th scope="col">{t('results.fit.pointsLost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contributions.map((c) => (
                <Table.Tr key={c.key} data-testid={`result-fit-row-${c.key}`}>
                  <Table.Th scope="row">{dimensionTexts(content, c.key).name}</Table.Th>
                  <Table.Td>{value(c.score)}</Table.Td>
                  <Table.Td>{formatNumber(c.target, 0)}</Table.Td>
                  <Table.Td>{value(c.gapSd, 2)}</Table.Td>
                  <Table.Td>×{c.weight}</Table.Td>
                  <Table.Td>{value(c.weightedSquaredGap, 2)}</Table.Td>
                  <Table.Td>
                    {c.pointsLost === null ? t('results.fit.notComputable') : value(c.pointsLost)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
