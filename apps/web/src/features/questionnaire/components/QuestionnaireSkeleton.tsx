// Placeholder while the questionnaire (and the client's language) loads.
import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function QuestionnaireSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-label={t('common.loading')} data-testid="questionnaire-loading">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Skeleton height={14} width="30%" />
          <Skeleton height={28} width="60%" />
          <Skeleton height={12} />
          <Skeleton height={12} width="85%" />
          <Skeleton height={10} mt="sm" radius="xl" />
        </Stack>
      </Paper>
      <Skeleton height={26} width="45%" />
      <Skeleton height={150} radius="md" />
      <Skeleton height={150} radius="md" />
    </Stack>
  );
}
