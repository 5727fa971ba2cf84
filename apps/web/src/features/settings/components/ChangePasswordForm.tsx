// Change password: current, new and repeated new password, with the live policy hints under the new one.
import { useId } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/zod-form';
import { useChangePassword } from '../api/change-password';
import { ZChangePasswordForm, type ChangePasswordField } from '../change-password-schema';
import { PasswordHints } from '../../../components/ui/PasswordHints';

const EMPTY: Record<ChangePasswordField, string> = { currentPassword: '', password: '', passwordRepeat: '' };

export function ChangePasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const form = useZodForm(ZChangePasswordForm, EMPTY);
  const hintsId = useId();
  const changePassword = useChangePassword(userId);

  const submit = form.handleSubmit(({ currentPassword, password }) => {
    changePassword.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          form.reset();
          showSuccess(t('settings.password.success'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('page.settingsPassword.title')}>
      <Stack gap="md" maw={440}>
        <PasswordInput
          label={t('settings.password.current')}
          autoComplete="current-password"
          {...form.inputProps('currentPassword')}
        />
        <Stack gap="xs">
          <PasswordInput
            label={t('settings.password.new')}
            autoComplete="new-password"
            {...form.inputProps('password', { describedBy: hintsId })}
          />
          <PasswordHints id={hintsId} password={form.values.password} />
        </Stack>
        <PasswordInput
          label={t('settings.password.repeat')}
          autoComplete="new-password"
          {...form.inputProps('passwordRepeat')}
        />
        <Group>
          <Button type="submit" loading={changePassword.isPending}>
            {t('settings.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
