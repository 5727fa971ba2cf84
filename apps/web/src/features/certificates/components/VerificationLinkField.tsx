// The certificate's public verification link, to hand on to whoever should check it (an employer): copy it, or
// open the verification page to see what they will see.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../components/ui/CopyableLinkField';

export function VerificationLinkField({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="certificate-verification-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="certificate-verification-title">
          {t('certificates.verificationLink.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('certificates.verificationLink.text')}
        </Text>
        <CopyableLinkField
          url={url}
          texts={{
            label: t('certificates.verificationLink.label'),
            copy: t('certificates.verificationLink.copy'),
            copied: t('certificates.verificationLink.copied'),
            open: t('certificates.verificationLink.open'),
            copiedAnnouncement: t('certificates.verificationLink.copiedAnnouncement'),
            copyFailed: t('certificates.verificationLink.copyFailed'),
          }}
          testIds={{
            field: 'certificate-verification-link',
            copy: 'certificate-copy-link',
            open: 'certificate-open-link',
            status: 'certificate-copy-status',
          }}
        />
      </Stack>
    </Paper>
  );
}
