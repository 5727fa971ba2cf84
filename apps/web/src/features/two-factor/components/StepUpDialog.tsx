// The step-up dialog (docs/decisions/0045): mounted once in the app's root, it answers any call refused with
// error.two_factor.step_up_required (lib/api-client.ts) by asking for a code from the authenticator app or a passkey,
// then lets the client send the same call again. Closing it gives the refusal back to the caller.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setStepUpHandler } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/notify';
import { isPasskeyCancelled } from '../../../lib/passkey-ceremony';
import { useZodForm } from '../../../lib/zod-form';
import { useStepUp, useStepUpFactors } from '../api/step-up';
import { ZStepUpCodeForm } from '../two-factor-schema';

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

function StepUpForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const factors = useStepUpFactors(true);
  const stepUp = useStepUp();
  const [message, setMessage] = useState<string | null>(null);
  const form = useZodForm(ZStepUpCodeForm, { code: '' });
  const fail = (error: unknown) => setMessage(isPasskeyCancelled(error) ? t('passkeys.cancelled') : apiErrorMessage(error));
  const submitCode = form.handleSubmit(({ code }) => stepUp.mutate({ code }, { onSuccess: onDone, onError: fail }));
  const usePasskey = () => stepUp.mutate({ passkey: true }, { onSuccess: onDone, onError: fail });
  const totp = factors.data?.totp ?? true;
  const passkeys = factors.data?.passkeys ?? 0;
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
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                {t('stepUp.cancel')}
              </Button>
              <Button type="submit" loading={stepUp.isPending} leftSection={<IconShieldCheck size={18} aria-hidden />} data-testid="step-up-submit">
                {t('stepUp.submit')}
              </Button>
            </Group>
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
