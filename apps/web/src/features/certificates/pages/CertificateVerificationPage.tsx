// /verify/certificate/:certificateToken: the public check of a certificate, shown to third parties (e.g. an
// employer) in the language the visitor's browser or choice gives the app, like the other public pages.
import { Skeleton, Paper, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';
import { useCertificateVerification } from '../api/get-certificate-verification';
import { VerificationNotFound, VerificationResult } from '../components/VerificationResult';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';

function CertificateVerificationPageContent() {
  const { t } = useTranslation();
  const { certificateToken: token = '' } = useParams();
  const locale = useLocale();
  const verification = useCertificateVerification(token, locale);

  if (verification.data) return <VerificationResult verification={verification.data} />;
  if (verification.isError) {
    if (verification.error instanceof ApiError && verification.error.status === 404)
      return <VerificationNotFound />;
    return (
      <div data-testid="verification-error">
        <ErrorState
          title={t('certificateVerification.loadFailed.title')}
          message={t('certificateVerification.loadFailed.text')}
          onRetry={() => void verification.refetch()}
        />
      </div>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      maw={640}
      mx="auto"
      role="status"
      aria-label={t('certificateVerification.loading')}
      data-testid="verification-loading"
    >
      <Stack gap="md">
        <Skeleton height={40} width="60%" />
        <Skeleton height={16} width="80%" />
        <Skeleton height={90} />
      </Stack>
    </Paper>
  );
}

/** The page in the firm's own frame (docs/decisions/0055), read with the page's own token. */
export function CertificateVerificationPage() {
  const { certificateToken: brandToken = '' } = useParams();
  const { t } = useTranslation();
  return (
    <ParticipantBrand token={brandToken} poweredByLabel={t('branding.poweredBy')}>
      <CertificateVerificationPageContent />
    </ParticipantBrand>
  );
}
