// /settings/webhooks: the account's signed webhooks (docs/decisions/0090). An API admin adds an endpoint (its signing
// key shown once), sees each one's state and deliveries, tests, pauses, resumes, rotates and deletes. Others read why
// they cannot. Receivers check signatures with any Standard Webhooks library.
import { useState } from 'react';
import { Alert, Anchor, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TWebhookWithSecret } from '@bq/contracts/webhooks';
import { hasPermission } from '@bq/domain/permissions';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useWebhooks } from '../api/list-webhooks';
import { CreateWebhookForm } from '../components/CreateWebhookForm';
import { WebhookCard } from '../components/WebhookCard';
import { WebhookSecretPanel } from '../components/WebhookSecretPanel';

export function WebhooksPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' });
  return (
    <SettingsSection title={t('page.settingsWebhooks.title')} description={t('webhooks.lead')}>
      {allowed ? (
        <WebhooksContent />
      ) : (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('webhooks.forbidden.title')}>
          {t('webhooks.forbidden.text')}
        </Alert>
      )}
    </SettingsSection>
  );
}

function WebhooksContent() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [key, setKey] = useState<TWebhookWithSecret | null>(null);
  return (
    <Stack gap="lg">
      <Text size="sm">
        {t('webhooks.howTo')}{' '}
        <Anchor href="https://www.standardwebhooks.com/" target="_blank" rel="noopener noreferrer">
          Standard Webhooks
        </Anchor>
      </Text>
      {key ? <WebhookSecretPanel webhook={key} onDone={() => setKey(null)} /> : null}
      <Title order={3} fz="h4">
        {t('webhooks.create.title')}
      </Title>
      <CreateWebhookForm onCreated={setKey} />
      <Divider />
      <Title order={3} fz="h4">
        {t('webhooks.list.title')}
      </Title>
      {webhooks.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : webhooks.isError ? (
        <ErrorState title={t('webhooks.list.errorTitle')} message={t('webhooks.list.errorText')} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <Text c="dimmed" data-testid="webhook-empty">
          {t('webhooks.list.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} onKey={setKey} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
