// Spec section 4 "email verification required": shown in the evaluator shell to a self-service user whose address
// is not verified yet. Sending questionnaires waits for it; a new link is one click away.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { showSuccess } from '../../../lib/notify';
import { useResendVerification } from '../api/resend-verification';

export function VerificationRequiredNotice() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  if (!user?.emailVerificationRequired) return null;
  return (
    <Alert color="orange" variant="light" mb="md" icon={<IconMailExclamation aria-hidden />} title={t('verificationRequired.title')} data-testid="verification-required">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{t('verificationRequired.text', { email: user.email })}</Text>
        <Button
          size="xs"
          variant="white"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={() => resend.mutate(undefined, { onSuccess: (response) => showSuccess(t('verifyEmail.resendSuccess', { email: response.sentTo })) })}
        >
          {t('verifyEmail.resendButton')}
        </Button>
      </Group>
    </Alert>
  );
}
