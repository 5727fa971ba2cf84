// /signup/success: "check your mailbox". The same page whether or not the address had an account (the mail says
// which); a new link can be asked for, and the way to sign in is offered.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useResendVerification } from '../api/resend-verification';

export function SignupSuccessPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const resend = useResendVerification();
  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.signupSuccess.title')} />
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} title={t('signupSuccess.title')} data-testid="signup-success">
        <Stack gap="md">
          <Text size="sm">{email ? t('signupSuccess.text', { email }) : t('signupSuccess.textNoEmail')}</Text>
          <Text size="sm">{t('signupSuccess.next')}</Text>
          <Group>
            <Button component={AppLink} to="/login">
              {t('signupSuccess.login')}
            </Button>
            {email ? (
              <Button
                variant="light"
                leftSection={<IconMailForward size={18} aria-hidden />}
                loading={resend.isPending}
                disabled={resend.isSuccess}
                onClick={() => resend.mutate(email)}
              >
                {t('verifyEmail.resendButton')}
              </Button>
            ) : null}
          </Group>
          {resend.isSuccess ? (
            <Text size="sm" role="status">
              {t('verifyEmail.resendByAddress.sent')}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('signupSuccess.wrongAddress')}{' '}
            <Anchor component={AppLink} to="/signup/ext">
              {t('signupSuccess.again')}
            </Anchor>
          </Text>
        </Stack>
      </Alert>
    </Stack>
  );
}
