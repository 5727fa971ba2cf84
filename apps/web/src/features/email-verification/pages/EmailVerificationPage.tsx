// /verify/{emailVerificationToken}: opens the link of the verification e-mail. Shows "verifying", then
// verified (with the way to sign in), expired (a new link: at once when signed in, else by typing the address),
// already used, or invalid; a failure to reach the server can be retried.
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useResendEmailVerification } from '../api/resend-email-verification';
import { ResendByAddressForm } from '../components/ResendByAddressForm';
import { useVerifyEmail } from '../api/verify-email';

type Outcome = 'expired' | 'used' | 'invalid';

function outcomeOf(error: unknown): Outcome | null {
  if (!(error instanceof ApiError)) return null;
  if (error.errorKey === 'error.email_verification.expired') return 'expired';
  if (error.errorKey === 'error.email_verification.used') return 'used';
  if (error.status === 404 || error.errorKey === 'error.email_verification.invalid') return 'invalid';
  return null;
}

function ResendLink() {
  const { t } = useTranslation();
  const resend = useResendEmailVerification();
  // Nobody signed in: the address is typed instead.
  if (resend.error instanceof ApiError && resend.error.status === 401) return <ResendByAddressForm />;
  return (
    <Group>
      <Button
        leftSection={<IconMailForward size={18} aria-hidden />}
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (response) => showSuccess(t('verifyEmail.resendSuccess', { email: response.sentTo })),
            onError: (error) => {
              if (!(error instanceof ApiError && error.status === 401)) showApiError(error);
            },
          })
        }
        data-testid="verify-email-resend"
      >
        {t('verifyEmail.resendButton')}
      </Button>
    </Group>
  );
}

function OutcomeNotice({ color, icon, title, children, testId }: { color: string; icon: ReactNode; title: string; children: ReactNode; testId: string }) {
  return (
    <Alert color={color} variant="light" icon={icon} title={title} data-testid={testId}>
      <Stack gap="md">{children}</Stack>
    </Alert>
  );
}

export function EmailVerificationPage() {
  const { t } = useTranslation();
  const { emailVerificationToken = '' } = useParams();
  const verification = useVerifyEmail(emailVerificationToken);
  const outcome = outcomeOf(verification.error);
  const warning = <IconAlertTriangle aria-hidden />;

  let content: ReactNode;
  if (verification.data) {
    content = (
      <OutcomeNotice color="green" icon={<IconCircleCheck aria-hidden />} title={t('verifyEmail.verified.title')} testId="verify-email-verified">
        <Text size="sm">{t('verifyEmail.verified.text', { email: verification.data.email })}</Text>
        <Group>
          <Button component={AppLink} to="/login">
            {t('verifyEmail.login')}
          </Button>
        </Group>
      </OutcomeNotice>
    );
  } else if (outcome === 'expired') {
    content = (
      <OutcomeNotice color="orange" icon={warning} title={t('verifyEmail.expired.title')} testId="verify-email-expired">
        <Text size="sm">{t('verifyEmail.expired.text')}</Text>
        <ResendLink />
      </OutcomeNotice>
    );
  } else if (outcome === 'used') {
    content = (
      <OutcomeNotice color="gray" icon={warning} title={t('verifyEmail.used.title')} testId="verify-email-used">
        <Text size="sm">{t('verifyEmail.used.text')}</Text>
        <Group>
          <Button component={AppLink} to="/login" variant="light">
            {t('verifyEmail.login')}
          </Button>
        </Group>
      </OutcomeNotice>
    );
  } else if (outcome === 'invalid') {
    content = (
      <OutcomeNotice color="red" icon={warning} title={t('verifyEmail.invalid.title')} testId="verify-email-invalid">
        <Text size="sm">{t('verifyEmail.invalid.text')}</Text>
      </OutcomeNotice>
    );
  } else if (verification.isError) {
    content = (
      <ErrorState
        title={t('verifyEmail.failed.title')}
        message={t('verifyEmail.failed.text')}
        onRetry={() => void verification.refetch()}
      />
    );
  } else {
    content = (
      <Group gap="sm" role="status" data-testid="verify-email-verifying">
        <Loader size="sm" aria-hidden />
        <Text>{t('verifyEmail.verifying')}</Text>
      </Group>
    );
  }

  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.verifyEmail.title')} />
      {content}
    </Stack>
  );
}
