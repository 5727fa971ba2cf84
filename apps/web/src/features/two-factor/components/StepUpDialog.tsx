// The step-up dialog (docs/decisions/0045): mounted once in the app's root, it answers any call refused with
// error.two_factor.step_up_required (lib/api-client.ts) by asking for a code from the authenticator app or a passkey,
// then lets the client send the same call again. Closing it gives the refusal back to the caller. A user without a
// factor is asked this only before adding or removing one, and then for the password (docs/decisions/0064).
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Modal, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setStepUpHandler } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/notify';
import { isPasskeyCancelled } from '../../../lib/passkey-ceremony';
import { useZodForm } from '../../../lib/zod-form';
import { useStepUp, useStepUpFactors } from '../api/step-up';
import { ZStepUpCodeForm, ZStepUpPasswordForm } from '../two-factor-schema';

export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((passed: boolean) => void) | null>(null);
  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);
  const finish = (passed: boolean) => {
    settle.current?.(passed);
    settle.current = null;
    setOpen(false);
  };
  const { t } = useTranslation();
  return (
    <Modal opened={open} onClose={() => finish(false)} title={t('stepUp.title')} centered>
      {open ? <StepUpForm onDone={() => finish(true)} onCancel={() => finish(false)} /> : null}
    </Modal>
  );
}

interface StepUpFormProps {
  onDone: () => void;
  onCancel: () => void;
}

function StepUpForm(props: StepUpFormProps) {
  const factors = useStepUpFactors(true);
  if (factors.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={20} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  // Unknown factors (the question failed): offer the code, as before; the server says what it wants.
  const totp = factors.data?.totp ?? true;
  const passkeys = factors.data?.passkeys ?? 0;
  if (!totp && passkeys === 0) return <PasswordStepUpForm {...props} />;
  return <FactorStepUpForm {...props} totp={totp} passkeys={passkeys} />;
}

/** No factor yet: the password proves it is still the user before a first factor is added (docs/decisions/0064). */
function PasswordStepUpForm({ onDone, onCancel }: StepUpFormProps) {
  const { t } = useTranslation();
  const stepUp = useStepUp();
  const [message, setMessage] = useState<string | null>(null);
  const form = useZodForm(ZStepUpPasswordForm, { password: '' });
  const submit = form.handleSubmit(({ password }) => stepUp.mutate({ password }, { onSuccess: onDone, onError: (error) => setMessage(apiErrorMessage(error)) }));
  return (
    <form onSubmit={submit} noValidate aria-label={t('stepUp.title')}>
      <Stack gap="md">
        <Text size="sm" id="step-up-lead">
          {t('stepUp.passwordLead')}
        </Text>
        {message ? (
          <Alert color="red" variant="light" role="alert" data-testid="step-up-error">
            {message}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('stepUp.password')}
          autoComplete="current-password"
          data-autofocus
          data-testid="step-up-password"
          {...form.inputProps('password', { describedBy: 'step-up-lead' })}
        />
        <Text size="xs" c="dimmed">
          {t('stepUp.ssoHint')}
        </Text>
        <StepUpActions onCancel={onCancel} pending={stepUp.isPending} />
      </Stack>
    </form>
  );
}

function FactorStepUpForm({ onDone, onCancel, totp, passkeys }: StepUpFormProps & { totp: boolean; passkeys: number }) {
  const { t } = useTranslation();
  const stepUp = useStepUp();
  const [message, setMessage] = useState<string | null>(null);
  const form = useZodForm(ZStepUpCodeForm, { code: '' });
  const fail = (error: unknown) => setMessage(isPasskeyCancelled(error) ? t('passkeys.cancelled') : apiErrorMessage(error));
  const submitCode = form.handleSubmit(({ code }) => stepUp.mutate({ code }, { onSuccess: onDone, onError: fail }));
  const usePasskey = () => stepUp.mutate({ passkey: true }, { onSuccess: onDone, onError: fail });
  return (
    <Stack gap="md">
      <Text size="sm" id="step-up-lead">
        {t('stepUp.lead')}
      </Text>
      {message ? (
        <Alert color="red" variant="light" role="alert" data-testid="step-up-error">
          {message}
        </Alert>
      ) : null}
      {passkeys > 0 ? (
        <Button variant="light" leftSection={<IconFingerprint size={18} aria-hidden />} onClick={usePasskey} loading={stepUp.isPending} data-testid="step-up-passkey">
          {t('stepUp.passkey')}
        </Button>
      ) : null}
      {passkeys > 0 && totp ? <Divider /> : null}
      {totp ? (
        <form onSubmit={submitCode} noValidate aria-label={t('stepUp.title')}>
          <Stack gap="md">
            <TextInput
              label={t('stepUp.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              data-autofocus
              data-testid="step-up-code"
              {...form.inputProps('code', { describedBy: 'step-up-lead' })}
            />
            <StepUpActions onCancel={onCancel} pending={stepUp.isPending} />
          </Stack>
        </form>
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('stepUp.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Cancel, and the submit of the form it stands in. */
function StepUpActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('stepUp.cancel')}
      </Button>
      <Button type="submit" loading={pending} leftSection={<IconShieldCheck size={18} aria-hidden />} data-testid="step-up-submit">
        {t('stepUp.submit')}
      </Button>
    </Group>
  );
}
