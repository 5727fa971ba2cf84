// Placeholders while the result (or its texts) load.
import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ResultSkeleton({ withHeader = true }: { withHeader?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-label={t('results.loading')} data-testid="result-loading">
      {withHeader ? (
        <Stack gap="xs">
          <Skeleton height={32} width="45%" />
          <Skeleton height={16} width="35%" />
          <Skeleton height={10} width="60%" />
        </Stack>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Skeleton height={24} width="30%" />
          <Skeleton height={44} width="70%" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Skeleton height={160} />
            <Skeleton height={160} />
            <Skeleton height={160} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={180} radius="md" />
        <Skeleton height={180} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}
