// Settings > Security, passkeys (docs/decisions/0045): the user's passkeys with their names and when they were last
// used; add one (named first, then the browser's prompt), rename or remove one. Removing is a step-up route: the
// step-up dialog may ask for the factor first.
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPasskey } from '@bq/contracts/passkeys';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { showApiError, showSuccess } from '../../../lib/notify';
import { isPasskeyCancelled } from '../../../lib/passkey-ceremony';
import { useZodForm } from '../../../lib/zod-form';
import { usePasskeys } from '../api/list-passkeys';
import { useRegisterPasskey } from '../api/register-passkey';
import { useRemovePasskey } from '../api/remove-passkey';
import { PasskeyRenameForm } from './PasskeyRenameForm';
import { ZPasskeyNameForm } from '../two-factor-schema';

export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  if (passkeys.isPending) return <Skeleton height={60} aria-busy />;
  if (passkeys.isError) return <ErrorState title={t('twoFactor.errorTitle')} message={t('twoFactor.errorText')} onRetry={() => void passkeys.refetch()} />;
  return (
    <Stack gap="md">
      <Text size="sm">{t('passkeys.lead')}</Text>
      {passkeys.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="passkeys-empty">
          {t('passkeys.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={t('passkeys.listLabel')} p={0} m={0} style={{ listStyle: 'none' }}>
          {passkeys.data.items.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </Stack>
      )}
      <AddPasskeyForm />
    </Stack>
  );
}

function PasskeyRow({ passkey }: { passkey: TPasskey }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const remove = useRemovePasskey();
  const rename = () =>
    modals.open({ title: t('passkeys.renameTitle'), children: <PasskeyRenameForm passkey={passkey} onDone={() => modals.closeAll()} /> });
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('passkeys.removeConfirmTitle'),
      children: <Text size="sm">{t('passkeys.removeConfirmText', { name: passkey.name })}</Text>,
      labels: { confirm: t('passkeys.remove'), cancel: t('passkeys.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'passkey-remove-confirm' },
      onConfirm: () => remove.mutate(passkey.id, { onSuccess: () => showSuccess(t('passkeys.removed')) }),
    });
  const used = passkey.lastUsedAt ? `, ${t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt) })}` : '';
  return (
    <Paper component="li" withBorder p="sm" radius="sm" data-testid="passkey-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <IconFingerprint size={18} aria-hidden />
            <Text fw={600}>{passkey.name}</Text>
            {passkey.deviceType === 'multiDevice' ? (
              <Badge size="sm" variant="light" color="blue">
                {t('passkeys.synced')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('passkeys.created', { date: formatDate(passkey.createdAt) })}
            {used}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={rename} aria-label={t('passkeys.renameLabel', { name: passkey.name })}>
            {t('passkeys.rename')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={confirmRemove} loading={remove.isPending} aria-label={t('passkeys.removeLabel', { name: passkey.name })}>
            {t('passkeys.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function AddPasskeyForm() {
  const { t } = useTranslation();
  const form = useZodForm(ZPasskeyNameForm, { name: t('passkeys.defaultName') });
  const register = useRegisterPasskey();
  const submit = form.handleSubmit(({ name }) =>
    register.mutate(name, {
      onSuccess: () => showSuccess(t('passkeys.added')),
      onError: (error) => (isPasskeyCancelled(error) ? showApiError(error, { fallbackKey: 'passkeys.cancelled' }) : showApiError(error)),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('passkeys.add')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('passkeys.name')} description={t('passkeys.nameHint')} maxLength={60} w={280} data-testid="passkey-name" {...form.inputProps('name')} />
        <Button type="submit" loading={register.isPending} leftSection={<IconFingerprint size={18} aria-hidden />} data-testid="passkey-add">
          {t('passkeys.add')}
        </Button>
      </Group>
    </form>
  );
}
