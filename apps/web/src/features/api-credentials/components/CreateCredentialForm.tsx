// "New credential": a description (what the credential is for), checked with the contract's schema, and its term
// (90 days unless another is picked, at most a year: docs/decisions/0072); on success the parent shows the secret once.
import { useState } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  API_CREDENTIAL_DEFAULT_DAYS,
  API_CREDENTIAL_DESCRIPTION_MAX,
  API_CREDENTIAL_TERMS_DAYS,
  ZCreateApiCredentialRequest,
  type TCreateApiCredentialResponse,
} from '@bq/contracts/api-credentials';
import { showApiError } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useCreateApiCredential } from '../api/create-api-credential';

export function CreateCredentialForm({ onCreated }: { onCreated: (created: TCreateApiCredentialResponse) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZCreateApiCredentialRequest.pick({ description: true }), { description: '' });
  const [termDays, setTermDays] = useState(String(API_CREDENTIAL_DEFAULT_DAYS));
  const create = useCreateApiCredential();

  const submit = form.handleSubmit((request) => {
    create.mutate({ ...request, expiresInDays: Number(termDays) }, {
      onSuccess: (created) => {
        form.reset();
        setTermDays(String(API_CREDENTIAL_DEFAULT_DAYS));
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
        <NativeSelect
          label={t('apiCredentials.create.term')}
          description={t('apiCredentials.create.termHint')}
          data={API_CREDENTIAL_TERMS_DAYS.map((days) => ({ value: String(days), label: t('apiCredentials.create.termDays', { count: days }) }))}
          value={termDays}
          onChange={(event) => setTermDays(event.currentTarget.value)}
          style={{ flex: '0 1 220px' }}
          data-testid="api-credential-term"
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
