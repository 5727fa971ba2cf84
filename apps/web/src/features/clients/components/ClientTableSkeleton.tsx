// Placeholder rows while the first page of clients loads.
import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ClientTableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('common.loading')} data-testid="client-list-loading">
      <Skeleton height={20} width="40%" />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={36} />
      ))}
    </Stack>
  );
}
