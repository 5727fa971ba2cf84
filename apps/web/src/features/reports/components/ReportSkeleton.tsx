// Placeholder while the report content loads: the shape of the title block and a few dimensions.
import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ReportSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      role="status"
      aria-label={t('reports.loading')}
      data-testid="report-loading"
    >
      <Stack gap="md">
        <Skeleton height={32} width="50%" />
        <Skeleton height={16} width="35%" />
        <Skeleton height={48} />
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    </Paper>
  );
}
