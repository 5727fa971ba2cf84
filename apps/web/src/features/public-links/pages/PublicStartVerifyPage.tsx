// /start/verify/{token}: the link of the verification mail (docs/decisions/0092). The address is confirmed by a click
// on the page, not by opening it: mail scanners open links, and the client would otherwise exist before the visitor
// came. Then the questionnaire opens (/q/{token}, the participant pages).
import { useState } from 'react';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/ui/LanguagePicker';
import { documentNavigation } from '../../../lib/document-navigation';
import { apiErrorMessage } from '../../../lib/notify';
import { useVerifyPublicStart } from '../api/verify-public-start';

export function PublicStartVerifyPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const verify = useVerifyPublicStart();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    verify.mutate(token, {
      onSuccess: ({ instanceToken }) => documentNavigation.assign(`/q/${encodeURIComponent(instanceToken)}`),
      onError: (error) => setFailure(apiErrorMessage(error)),
    });
  };
  return (
    <Container size="xs" py="md" px="sm">
      <Group justify="flex-end" mb="sm">
        <LanguagePicker compact alone />
      </Group>
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('page.publicStartVerify.title')}
        </Title>
        <Text>{t('publicStart.verifyText')}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button onClick={confirm} loading={verify.isPending} rightSection={<IconArrowRight size={18} aria-hidden />} fullWidth>
          {t('publicStart.verifyButton')}
        </Button>
      </Stack>
    </Container>
  );
}
