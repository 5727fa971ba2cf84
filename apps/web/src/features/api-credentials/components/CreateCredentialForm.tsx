// "New credential": a description (what the credential is for), checked with the contract's schema; on success
// the parent shows the secret once.
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  API_CREDENTIAL_DESCRIPTION_MAX,
  ZCreateApiCredentialRequest,
  type TCreateApiCredentialResponse,
} from '@bq/contracts/api-credentials';
import { showApiError } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useCreateApiCredential } from '../api/create-api-credential';

export function CreateCredentialForm({ onCreated }: { onCreated: (created: TCreateApiCredentialResponse) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZCreateApiCredentialRequest, { description: '' });
  const create = useCreateApiCredential();

  const submit = form.handleSubmit((request) => {
    create.mutate(request, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (error) => {
        const fields = apiFieldErrors(error, ['description'] as const);
        if (fields.description) form.setServerErrors(fields);
        else showApiError(error, { fallbackKey: 'ERROR_API_CREDENTIAL_CREATE' });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('apiCredentials.create.title')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('apiCredentials.create.description')}
          description={t('apiCredentials.create.descriptionHint')}
          maxLength={API_CREDENTIAL_DESCRIPTION_MAX}
          style={{ flex: '1 1 320px' }}
          data-testid="api-credential-description"
          {...form.inputProps('description')}
        />
        <Button
          type="submit"
          mt={{ base: 0, sm: 46 }}
          loading={create.isPending}
          leftSection={<IconPlus size={18} aria-hidden />}
          data-testid="api-credential-create"
        >
          {t('apiCredentials.create.submit')}
        </Button>
      </Group>
    </form>
  );
}
