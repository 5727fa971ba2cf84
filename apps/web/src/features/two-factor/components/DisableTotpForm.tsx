// Turning the second factor off: the password and a current code (or a recovery code when the phone is lost).
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/zod-form';
import { useDisableTotp } from '../api/disable-totp';
import { ZDisableTotpForm, factorProof } from '../two-factor-schema';

export function DisableTotpForm() {
  const { t } = useTranslation();
  const form = useZodForm(ZDisableTotpForm, { password: '', code: '' });
  const disable = useDisableTotp();
  const submit = form.handleSubmit(({ password, code }) =>
    disable.mutate({ password, ...factorProof(code) }, { onSuccess: () => showSuccess(t('twoFactor.disable.success')) }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('twoFactor.disable.title')}>
      <Stack gap="md" maw={440}>
        <PasswordInput label={t('twoFactor.disable.password')} autoComplete="current-password" {...form.inputProps('password')} />
        <TextInput
          label={t('twoFactor.disable.code')}
          description={t('twoFactor.disable.codeHint')}
          autoComplete="one-time-code"
          maxLength={40}
          data-testid="totp-disable-code"
          {...form.inputProps('code')}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending} data-testid="totp-disable">
            {t('twoFactor.disable.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
