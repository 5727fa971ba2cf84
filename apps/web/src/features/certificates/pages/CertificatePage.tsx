// /bqp/certificate/:interactionInstanceToken: the certificate of a BQP result, public (the holder shares it). The
// card is shown in the chosen language (the app's by default) while the page keeps the user's; below it the
// verification link (or the revocation notice), the PDF, and for the issuing account's evaluator the revocation; a
// signed-in evaluator of the result finds the way back to it at the top.
import { useState } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@bq/domain/locales';
import { BackToResultLink } from '../../../components/ui/BackToResultLink';
import { DownloadStatus } from '../../../components/ui/DownloadStatus';
import { LocaleSelect } from '../../../components/ui/LocaleSelect';
import { useLocale } from '../../../lib/i18n';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadCertificate } from '../api/download-certificate';
import { useCertificate } from '../api/get-certificate';
import { CertificateCard } from '../components/CertificateCard';
import { CertificateRevokedNotice } from '../components/CertificateRevokedNotice';
import { CertificateSkeleton } from '../components/CertificateSkeleton';
import { CertificateUnavailable } from '../components/CertificateUnavailable';
import { RevokeCertificateSection } from '../components/RevokeCertificateSection';
import { VerificationLinkField } from '../components/VerificationLinkField';
import { defaultPageFormat } from '@bq/contracts/reports';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';

function CertificatePageContent() {
  const { t } = useTranslation();
  const { interactionInstanceToken: token = '' } = useParams();
  const appLocale = useLocale();
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(null);
  const locale = chosenLocale ?? appLocale;
  const certificate = useCertificate(token, locale);
  const download = useFileDownload({ fallbackKey: 'certificates.download.failed' });

  if (!certificate.data) {
    if (certificate.isError) {
      return <CertificateUnavailable error={certificate.error} onRetry={() => void certificate.refetch()} />;
    }
    return <CertificateSkeleton />;
  }
  const data = certificate.data;
  const startDownload = () =>
    void download.start((onProgress) =>
      downloadCertificate(
        { instanceToken: token, locale, pageFormat: defaultPageFormat(locale) },
        { onProgress, fileName: data.fileName },
      ),
    );
  const updating = certificate.isPlaceholderData;

  return (
    <Stack gap="lg" data-testid="certificate-page">
      <BackToResultLink path={data.dashboardPath} testId="certificate-back-to-result" />
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('certificates.toolbar.label')}>
        <Stack gap="sm">
          <Group gap="md" align="flex-end" justify="space-between" wrap="wrap">
            <LocaleSelect
              label={t('certificates.toolbar.language')}
              value={locale}
              onChange={setChosenLocale}
              testId="certificate-locale"
            />
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={startDownload}
              loading={download.downloading}
              data-testid="certificate-download"
            >
              {t('certificates.toolbar.download')}
            </Button>
          </Group>
          <DownloadStatus download={download} />
        </Stack>
      </Paper>
      <div aria-busy={updating} style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <CertificateCard certificate={data} />
      </div>
      {data.status === 'REVOKED' ? (
        <CertificateRevokedNotice revokedAt={data.revokedAt} />
      ) : (
        <VerificationLinkField url={data.verificationUrl} />
      )}
      {data.canManage && data.status === 'VALID' ? (
        <RevokeCertificateSection
          token={token}
          locale={data.locale}
          holderName={`${data.holder.firstName} ${data.holder.lastName}`.trim()}
        />
      ) : null}
    </Stack>
  );
}

/** The page in the firm's own frame (docs/decisions/0055), read with the page's own token. */
export function CertificatePage() {
  const { interactionInstanceToken: brandToken = '' } = useParams();
  const { t } = useTranslation();
  return (
    <ParticipantBrand token={brandToken} poweredByLabel={t('branding.poweredBy')}>
      <CertificatePageContent />
    </ParticipantBrand>
  );
}
