// The rename dialog's form of one passkey (Settings > Security).
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPasskey } from '@bq/contracts/passkeys';
import { useZodForm } from '../../../lib/zod-form';
import { useRenamePasskey } from '../api/rename-passkey';
import { ZPasskeyNameForm } from '../two-factor-schema';

export function PasskeyRenameForm({ passkey, onDone }: { passkey: TPasskey; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZPasskeyNameForm, { name: passkey.name });
  const rename = useRenamePasskey();
  const submit = form.handleSubmit(({ name }) =>
    rename.mutate({ id: passkey.id, name }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('passkeys.renameTitle')}>
      <Stack gap="md">
        <TextInput label={t('passkeys.name')} maxLength={60} data-autofocus data-testid="passkey-rename-input" {...form.inputProps('name')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('passkeys.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('passkeys.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
