// /terms and /privacy: the platform's terms and its default privacy notice, public, in the reader's language. The
// sign-up form links here, and a participant whose inviting account has no privacy policy of its own reads the same
// notice before answering (docs/decisions/0033).
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';

export type LegalText = 'terms' | 'privacy';

export function LegalPage({ text }: { text: LegalText }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} maw={760}>
      <PageHeader title={t(`legal.${text}.title`)} />
      <Paper withBorder radius="md" p="lg">
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid={`legal-${text}-text`}>
          {t(`legal.${text}.text`)}
        </Text>
      </Paper>
      <Text size="sm" mt="md">
        <Anchor component={AppLink} to="/signup/ext">
          {t('legal.backToSignup')}
        </Anchor>
      </Text>
    </Stack>
  );
}

export function TermsPage() {
  return <LegalPage text="terms" />;
}

export function PlatformPrivacyPage() {
  return <LegalPage text="privacy" />;
}
