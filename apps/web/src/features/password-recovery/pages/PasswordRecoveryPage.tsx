// /password/recovery: asks for the address and sends a reset link. The page says the same for every address:
// "if an account exists for it, a link is on its way".
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { apiErrorMessage } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';

const ZRecoveryForm = z.object({ email: z.string().trim().min(1, 'error.validation.required').pipe(z.email('error.validation.invalid_email').max(254)) });

export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const form = useZodForm(ZRecoveryForm, { email: '' });
  const request = useRequestPasswordReset();
  const fieldErrors = apiFieldErrors(request.error, ['email'] as const);

  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.passwordRecovery.title')} description={t('passwordRecovery.lead')} />
      <Paper withBorder radius="md" p="xl">
        {request.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} title={t('passwordRecovery.sent.title')} data-testid="password-recovery-sent">
            <Stack gap="sm">
              <Text size="sm">{t('passwordRecovery.sent.text', { email: request.data.sentTo })}</Text>
              <Group>
                <Button component={AppLink} to="/login" variant="light">
                  {t('signup.toLogin')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <form
            noValidate
            aria-label={t('page.passwordRecovery.title')}
            onSubmit={form.handleSubmit(({ email }) =>
              request.mutate({ email }, { onError: (error) => form.setServerErrors(apiFieldErrors(error, ['email'] as const)) }),
            )}
          >
            <Stack gap="md" maw={440}>
              <TextInput label={t('login.email')} type="email" inputMode="email" autoComplete="email" required {...form.inputProps('email')} />
              {request.error && !fieldErrors.email ? (
                <Alert color="red" variant="light" role="alert">
                  {apiErrorMessage(request.error)}
                </Alert>
              ) : null}
              <Group justify="space-between">
                <Anchor component={AppLink} to="/login" size="sm">
                  {t('passwordRecovery.back')}
                </Anchor>
                <Button type="submit" loading={request.isPending} leftSection={<IconMailForward size={18} aria-hidden />}>
                  {t('passwordRecovery.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
