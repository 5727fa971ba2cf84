// The second step of sign-in: the six-digit code of the authenticator app, or (switchable) a recovery code. Loaded
// only when the password step answered secondFactorRequired, so the login page stays light.
import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { ApiError } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import { useZodForm } from '../../../lib/zod-form';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { PasskeySignInButton } from './PasskeySignInButton';
import { ZCodeForm, ZRecoveryCodeForm } from '../second-factor-schema';

export function SecondFactorForm({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <Stack gap="md">
      <Text size="sm" id="second-factor-lead">
        {useRecovery ? t('login.secondFactor.recoveryLead') : t('login.secondFactor.lead')}
      </Text>
      {useRecovery ? <RecoveryCodeStep onRestart={onRestart} /> : <CodeStep onRestart={onRestart} />}
      <PasskeySignInButton step="second_factor" label={t('login.secondFactor.usePasskey')} onRestart={onRestart} />
      <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery(!useRecovery)} data-testid="second-factor-switch">
        {useRecovery ? t('login.secondFactor.useCode') : t('login.secondFactor.useRecoveryCode')}
      </Anchor>
    </Stack>
  );
}

/** After five minutes the pending sign-in is gone: back to the password. */
function useSecondStep(onRestart: () => void) {
  const navigate = useAppNavigate();
  const mutation = useLoginSecondFactor();
  const send = (body: { code: string } | { recoveryCode: string }) =>
    mutation.mutate(body, {
      onSuccess: (response) => navigate(safeRedirectPath(response.redirectUrl), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.errorKey === 'error.two_factor.sign_in_expired') onRestart();
      },
    });
  return { send, pending: mutation.isPending };
}

function CodeStep({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZCodeForm, { code: '' });
  const step = useSecondStep(onRestart);
  return (
    <form onSubmit={form.handleSubmit((body) => step.send(body))} noValidate aria-label={t('login.secondFactor.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('login.secondFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          autoFocus
          data-testid="second-factor-code"
          {...form.inputProps('code', { describedBy: 'second-factor-lead' })}
        />
        <Button type="submit" fullWidth loading={step.pending} leftSection={<IconShieldCheck size={18} aria-hidden />}>
          {t('login.secondFactor.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryCodeStep({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZRecoveryCodeForm, { recoveryCode: '' });
  const step = useSecondStep(onRestart);
  return (
    <form onSubmit={form.handleSubmit((body) => step.send(body))} noValidate aria-label={t('login.secondFactor.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('login.secondFactor.recoveryCode')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          autoFocus
          data-testid="second-factor-recovery-code"
          {...form.inputProps('recoveryCode', { describedBy: 'second-factor-lead' })}
        />
        <Button type="submit" fullWidth loading={step.pending} leftSection={<IconShieldCheck size={18} aria-hidden />}>
          {t('login.secondFactor.submit')}
        </Button>
      </Stack>
    </form>
  );
}
