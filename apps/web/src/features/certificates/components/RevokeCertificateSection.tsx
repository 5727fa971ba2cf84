// For the issuing account's evaluator only: revoking the certificate, after a confirmation, because it cannot be
// undone and the verification page then answers "not valid" to everyone who checks.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCertificateOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@bq/domain/locales';
import { showSuccess } from '../../../lib/notify';
import { useRevokeCertificate } from '../api/revoke-certificate';

interface RevokeCertificateSectionProps {
  token: string;
  /** The language the certificate is shown in; the answer replaces it. */
  locale: Locale;
  holderName: string;
}

export function RevokeCertificateSection({ token, locale, holderName }: RevokeCertificateSectionProps) {
  const { t } = useTranslation();
  const revoke = useRevokeCertificate(token, locale);

  const confirm = () =>
    modals.openConfirmModal({
      title: t('certificates.revoke.confirmTitle'),
      children: <Text size="sm">{t('certificates.revoke.confirmText', { name: holderName })}</Text>,
      labels: { confirm: t('certificates.revoke.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'certificate-revoke-confirm' },
      cancelProps: { 'data-testid': 'certificate-revoke-cancel' },
      onConfirm: () =>
        revoke.mutate(undefined, { onSuccess: () => showSuccess(t('certificates.revoke.success')) }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="certificate-revoke-title"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="h4" id="certificate-revoke-title" c="red.8">
            {t('certificates.revoke.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('certificates.revoke.lead')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconCertificateOff size={18} aria-hidden />}
          onClick={confirm}
          loading={revoke.isPending}
          data-testid="certificate-revoke-button"
        >
          {t('certificates.revoke.button')}
        </Button>
      </Group>
    </Paper>
  );
}
