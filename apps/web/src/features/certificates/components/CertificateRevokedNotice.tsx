// Said plainly beside a revoked certificate: since when it is revoked, and that checking it now says "not valid".
import { Alert } from '@mantine/core';
import { IconCertificateOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';

export function CertificateRevokedNotice({ revokedAt }: { revokedAt: string | null }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconCertificateOff aria-hidden />}
      title={t('certificates.revoked.title')}
      data-testid="certificate-revoked"
    >
      {revokedAt
        ? t('certificates.revoked.text', { date: formatDate(revokedAt) })
        : t('certificates.revoked.textNoDate')}
    </Alert>
  );
}
