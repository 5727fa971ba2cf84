// Settings > Branding, own sender (docs/decisions/0056): the account's SMTP server, its login (the password is stored
// encrypted and never shown again) and the sender address; removing it sends through the platform's server again.
import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSenderSettings } from '@bq/contracts/branding';
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
  useEffect(() => {
    setHost(sender.host ?? '');
    setPort(sender.port ?? 587);
    setUser(sender.user ?? '');
    setPassword('');
    setFromAddress(sender.fromAddress ?? '');
  }, [sender]);

  const done = { onSuccess: () => showSuccess(t('branding.sender.saved')), onError: (error: unknown) => showApiError(error) };
  const save = () =>
    update.mutate(
      { host: host.trim(), port: Number(port), user: user.trim() || null, ...(password ? { password } : {}), fromAddress: fromAddress.trim() },
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
