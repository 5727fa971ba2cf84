// /start/{publicId}: the public start page a firm links to or embeds (docs/decisions/0092). Phone-first: the firm's
// name, what the questionnaire is, the firm's privacy notice, the form, then "check your mail". No sign-in; an unknown
// or switched-off link says so; a failed load can be retried.
import { useState } from 'react';
import { Alert, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PUBLIC_START_VALID_HOURS, type TPublicStartResponse } from '@bq/contracts/public-links';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { ErrorState } from '../../../components/ui/ErrorState';
import { LanguagePicker } from '../../../components/ui/LanguagePicker';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';
import { usePublicStart } from '../api/get-public-start';
import { useFrameHeight } from '../components/frame-height';
import { PublicStartForm } from '../components/PublicStartForm';

function StartContent({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const start = usePublicStart(publicId, locale);
  const [sent, setSent] = useState<TPublicStartResponse | null>(null);

  if (start.isPending) return <Skeleton height={420} />;
  if (start.isError) {
    if (start.error instanceof ApiError && start.error.status === 404) {
      return <Alert color="gray" variant="light" title={t('publicStart.notFoundTitle')}>{t('publicStart.notFoundText')}</Alert>;
    }
    return <ErrorState title={t('publicStart.loadErrorTitle')} message={t('publicStart.loadErrorText')} onRetry={() => void start.refetch()} />;
  }
  const info = start.data;
  const firmName = info.branding.firmName;
  return (
    <Stack gap="md">
      {info.branding.logoUrl ? <img src={info.branding.logoUrl} alt="" style={{ maxHeight: 48, maxWidth: '100%', alignSelf: 'flex-start' }} /> : null}
      <Title order={1} fz="h2" c={info.branding.primaryColor ?? undefined}>
        {firmName}
      </Title>
      <Text>{t('publicStart.intro', { firmName, product: t(PRODUCT_TYPE_INFO[info.productType].nameKey) })}</Text>
      {sent ? (
        <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} title={t('publicStart.sentTitle')} role="status">
          {t('publicStart.sentText', { email: sent.sentTo, hours: PUBLIC_START_VALID_HOURS })}
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="xs">
              {t('publicStart.privacyTitle')}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', maxHeight: 260, overflowY: 'auto' }} tabIndex={0}>
              {info.privacyPolicy?.text ?? t('publicStart.noPrivacy', { firmName })}
            </Text>
          </Paper>
          <PublicStartForm publicId={publicId} info={info} onSent={setSent} />
        </>
      )}
    </Stack>
  );
}

export function PublicStartPage() {
  const { publicId = '' } = useParams();
  useFrameHeight();
  return (
    <Container size="xs" py="md" px="sm">
      <Group justify="flex-end" mb="sm">
        <LanguagePicker compact alone />
      </Group>
      <StartContent publicId={publicId} />
    </Container>
  );
}
