// /settings/api: the account's API credentials for integrators. Create one with a description (its secret is
// shown once), see who created each and when it was last used, revoke. Needs API_MANAGEMENT.
import { useState } from 'react';
import { Alert, Anchor, Code, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCreateApiCredentialResponse } from '@bq/contracts/api-credentials';
import { hasPermission } from '@bq/domain/permissions';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useApiCredentials } from '../api/list-api-credentials';
import { CreateCredentialForm } from '../components/CreateCredentialForm';
import { CredentialTable } from '../components/CredentialTable';
import { NewSecretPanel } from '../components/NewSecretPanel';

export function ApiCredentialsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' });
  return (
    <SettingsSection title={t('page.settingsApi.title')} description={t('settings.api.lead')}>
      {allowed ? (
        <ApiCredentialsContent />
      ) : (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('apiCredentials.forbidden.title')}>
          {t('apiCredentials.forbidden.text')}
        </Alert>
      )}
    </SettingsSection>
  );
}

function ApiCredentialsContent() {
  const { t } = useTranslation();
  const credentials = useApiCredentials();
  const [created, setCreated] = useState<TCreateApiCredentialResponse | null>(null);
  return (
    <Stack gap="lg">
      <Text size="sm">
        {t('apiCredentials.howTo')} <Code>Authorization: Bearer bqk_…</Code>{' '}
        <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer">
          {t('apiCredentials.docsLink')}
        </Anchor>
      </Text>
      {created ? <NewSecretPanel created={created} onDone={() => setCreated(null)} /> : null}
      <CreateCredentialForm onCreated={setCreated} />
      <Divider />
      <Title order={3} fz="h4">
        {t('apiCredentials.list.title')}
      </Title>
      {credentials.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : credentials.isError ? (
        <ErrorState
          title={t('apiCredentials.list.errorTitle')}
          message={t('apiCredentials.list.errorText')}
          onRetry={() => void credentials.refetch()}
        />
      ) : credentials.data.credentials.length === 0 ? (
        <Text c="dimmed" data-testid="api-credential-empty">
          {t('apiCredentials.list.empty')}
        </Text>
      ) : (
        <CredentialTable credentials={credentials.data.credentials} />
      )}
    </Stack>
  );
}
