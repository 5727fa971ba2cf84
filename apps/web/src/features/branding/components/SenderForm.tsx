// Settings > Branding, own sender (docs/decisions/0056, 0067): the account's SMTP server, its login (the password is
// stored encrypted and never shown again) and the sender address; removing it sends through the platform's server again.
// The server tests the settings before they take effect (a failure is shown with the mail server's reason); TLS is
// required unless the admin waives it, with a warning.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSenderSettings } from '@bq/contracts/branding';
import { ApiError } from '../../../lib/api-client';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateSender } from '../api/branding-settings';

export function SenderForm({ sender }: { sender: TSenderSettings }) {
  const { t } = useTranslation();
  const update = useUpdateSender();
  const [host, setHost] = useState('');
  const [port, setPort] = useState<number | string>(587);
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [fromAddress, setFromAddress] = useState('');
  const [allowPlaintext, setAllowPlaintext] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setHost(sender.host ?? '');
    setPort(sender.port ?? 587);
    setUser(sender.user ?? '');
    setPassword('');
    setFromAddress(sender.fromAddress ?? '');
    setAllowPlaintext(sender.allowPlaintext);
  }, [sender]);

  const done = {
    onSuccess: () => {
      setFailure(null);
      showSuccess(t('branding.sender.saved'));
    },
    onError: (error: unknown) => {
      // The test's own words (a timeout, the server's refusal) help the admin fix the setting; the toast names the step.
      setFailure(error instanceof ApiError && error.errorKey.startsWith('error.sender.') ? error.message : null);
      showApiError(error);
    },
  };
  const save = () =>
    update.mutate(
      { host: host.trim(), port: Number(port), user: user.trim() || null, ...(password ? { password } : {}), fromAddress: fromAddress.trim(), allowPlaintext },
      done,
    );

  return (
    <Stack gap="md" data-testid="sender-settings">
      <TextInput label={t('branding.sender.host')} value={host} onChange={(e) => setHost(e.currentTarget.value)} required />
      <NumberInput label={t('branding.sender.port')} value={port} onChange={setPort} min={1} max={65535} allowDecimal={false} required />
      <TextInput label={t('branding.sender.user')} value={user} onChange={(e) => setUser(e.currentTarget.value)} autoComplete="off" />
      <PasswordInput
        label={t('branding.sender.password')}
        description={sender.passwordSet ? t('branding.sender.passwordKept') : undefined}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="new-password"
      />
      <TextInput type="email" label={t('branding.sender.fromAddress')} value={fromAddress} onChange={(e) => setFromAddress(e.currentTarget.value)} required />
      <Checkbox label={t('branding.sender.allowPlaintext')} checked={allowPlaintext} onChange={(e) => setAllowPlaintext(e.currentTarget.checked)} />
      {allowPlaintext ? (
        <Alert color="orange" role="alert" data-testid="sender-plaintext-warning">
          {t('branding.sender.plaintextWarning')}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('branding.sender.testNote')}
      </Text>
      {failure ? (
        <Alert color="red" data-testid="sender-test-failed">
          {t('branding.sender.testFailed', { reason: failure })}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={save} loading={update.isPending}>
          {t('branding.sender.save')}
        </Button>
        {sender.configured ? (
          <Button variant="subtle" color="red" onClick={() => update.mutate(null, done)}>
            {t('branding.sender.remove')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
