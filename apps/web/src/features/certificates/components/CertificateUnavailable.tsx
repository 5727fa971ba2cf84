// Why a certificate cannot be shown, by the content call's error: unknown link (404), no certificate for this
// result (409: not a BQP product or no result yet), result not unlocked (402), the public link has expired (410),
// anything else (retry).
import { IconCertificateOff, IconClockX, IconFileUnknown, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { ApiError } from '../../../lib/api-client';

export function CertificateUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404) {
    return (
      <NoticePanel
        testId="certificate-not-found"
        icon={<IconFileUnknown size={26} stroke={1.6} />}
        title={t('certificates.notFound.title')}
        text={t('certificates.notFound.text')}
      />
    );
  }
  if (status === 409) {
    return (
      <NoticePanel
        testId="certificate-not-available"
        icon={<IconCertificateOff size={26} stroke={1.6} />}
        title={t('certificates.notAvailable.title')}
        text={t('ERROR_CERTIFICATE_NOT_AVAILABLE')}
      />
    );
  }
  if (status === 410) {
    return (
      <NoticePanel
        testId="certificate-link-expired"
        color="orange"
        icon={<IconClockX size={26} stroke={1.6} />}
        title={t('reports.linkExpired.title')}
        text={t('reports.linkExpired.text')}
      />
    );
  }
  if (status === 402) {
    return (
      <NoticePanel
        testId="certificate-locked"
        icon={<IconLock size={26} stroke={1.6} />}
        title={t('certificates.locked.title')}
        text={t('certificates.locked.text')}
      />
    );
  }
  return (
    <div data-testid="certificate-error">
      <ErrorState
        title={t('certificates.loadFailed.title')}
        message={t('certificates.loadFailed.text')}
        onRetry={onRetry}
      />
    </div>
  );
}
