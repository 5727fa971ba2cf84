// Placeholder while the certificate loads: the shape of the framed card.
import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CertificateSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      role="status"
      aria-label={t('certificates.loading')}
      data-testid="certificate-loading"
    >
      <Stack gap="md" align="center">
        <Skeleton height={44} width={44} circle />
        <Skeleton height={16} width="30%" />
        <Skeleton height={36} width="60%" />
        <Skeleton height={18} width="50%" />
        <Skeleton height={60} width="40%" />
      </Stack>
    </Paper>
  );
}
