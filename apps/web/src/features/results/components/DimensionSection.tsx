// The result's dimensions (every dashboard kind): how to read the scale, one card per dimension, and the table.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboardContent, TDimensionResult } from '@bq/contracts/dashboard';
import { dimensionTexts } from '../dimension-texts';
import classes from '../result-dashboard.module.css';
import { DimensionCard } from './DimensionCard';
import { DimensionTable } from './DimensionTable';
import { TableFallback } from './TableFallback';

interface DimensionSectionProps {
  dimensions: TDimensionResult[];
  content: TDashboardContent;
  /** The result's token, for each card's "Why this score". */
  token?: string;
}

export function DimensionSection({ dimensions, content, token }: DimensionSectionProps) {
  const { t } = useTranslation();
  const rows = dimensions.map((result) => ({ result, texts: dimensionTexts(content, result.key) }));
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="result-dimensions-title"
      className={classes.section}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id="result-dimensions-title">
            {t('results.dimensions.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={820} mt={4}>
            {t('results.dimensions.howToRead')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {rows.map(({ result, texts }) => (
            <DimensionCard key={result.key} result={result} texts={texts} token={token} />
          ))}
        </SimpleGrid>
        <TableFallback testId="result-dimension-table">
          <DimensionTable rows={rows} />
        </TableFallback>
      </Stack>
    </Paper>
  );
}
