// /password/reset/complete?token=: checks the link, then asks for the new password (hints, repeat). An expired or
// used link says which of the two it is (issue 22), with the way to a new one; success leads to sign-in (every session has ended).
import { useId } from 'react';
import { Alert, Button, Group, Loader, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconKey } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZSetPasswordRequest } from '@bq/contracts/password-recovery';
import { AppLink } from '../../../components/ui/AppLink';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PasswordHints } from '../../../components/ui/PasswordHints';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/notify';
import { refineNewPassword } from '../../../lib/password-form';
import { useZodForm } from '../../../lib/zod-form';
import { useSetPassword } from '../api/set-password';
import { useVerifyPasswordReset } from '../api/verify-password-reset';

const ZNewPasswordForm = ZSetPasswordRequest.pick({ password: true }).extend({ passwordRepeat: z.string() }).superRefine(refineNewPassword);

/** A link that cannot be used (any more): expired, used, or unknown. */
const isDeadLink = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);

/** Used links say so (error.password_reset.link_used); expired and unknown ones say "expired". */
function LinkExpired({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const used = error instanceof ApiError && error.errorKey === 'error.password_reset.link_used';
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('passwordReset.expired.title')} data-testid="password-reset-expired">
      <Stack gap="sm">
        <Text size="sm">{t(used ? 'ERROR_PASSWORD_RESET_LINK_USED' : 'ERROR_PASSWORD_RESET_LINK_EXPIRED')}</Text>
        <Group>
          <Button component={AppLink} to="/password/recovery">
            {t('passwordReset.expired.again')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function PasswordResetCompletePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useVerifyPasswordReset(token);
  const setPassword = useSetPassword();
  const form = useZodForm(ZNewPasswordForm, { password: '', passwordRepeat: '' });
  const hintsId = useId();

  let content;
  if (setPassword.isSuccess) {
    content = (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('passwordReset.done.title')} data-testid="password-reset-done">
        <Stack gap="sm">
          <Text size="sm">{t('passwordReset.done.text')}</Text>
          <Group>
            <Button component={AppLink} to="/login">
              {t('signup.toLogin')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (token === '' || isDeadLink(check.error) || isDeadLink(setPassword.error)) {
    content = <LinkExpired error={setPassword.error ?? check.error} />;
  } else if (check.isError) {
    content = <ErrorState title={t('passwordReset.failed')} message={apiErrorMessage(check.error)} onRetry={() => void check.refetch()} />;
  } else if (!check.data) {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('passwordReset.checking')}</Text>
      </Group>
    );
  } else {
    content = (
      <Paper withBorder radius="md" p="xl">
        <form
          noValidate
          aria-label={t('page.passwordResetComplete.title')}
          onSubmit={form.handleSubmit(({ password }) => setPassword.mutate({ token, password }))}
        >
          <Stack gap="md" maw={440}>
            <Text size="sm">{t('passwordReset.forAccount', { email: check.data.email })}</Text>
            <Stack gap="xs">
              <PasswordInput label={t('settings.password.new')} autoComplete="new-password" required {...form.inputProps('password', { describedBy: hintsId })} />
              <PasswordHints id={hintsId} password={form.values.password} />
            </Stack>
            <PasswordInput label={t('settings.password.repeat')} autoComplete="new-password" required {...form.inputProps('passwordRepeat')} />
            {setPassword.error ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorMessage(setPassword.error)}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={setPassword.isPending} leftSection={<IconKey size={18} aria-hidden />}>
                {t('passwordReset.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    );
  }

  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.passwordResetComplete.title')} />
      {content}
    </Stack>
  );
}
