// The client's CRM sync state on the client's page (docs/decisions/0094): per connected CRM, when the result was last
// written, or why it failed and when it is tried again. Shown to whoever manages the account's CRM connections.
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@bq/domain/permissions';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useClientCrmSync } from '../api/crm-queries';
import { crmErrorText } from './crm-error-text';

const COLORS = { SYNCED: 'green', FAILED: 'red', PENDING: 'gray' } as const;

export function ClientCrmSync({ clientToken }: { clientToken: string }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const allowed = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' });
  const sync = useClientCrmSync(clientToken, allowed);
  if (!allowed || !sync.data || sync.data.states.length === 0) return null;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language.replace('_', '-')) : '');
  return (
    <Stack gap={4} data-testid="client-crm-sync">
      <Title order={3} fz="h5">{t('crm.client.title')}</Title>
      {sync.data.states.map((s) => (
        <Group key={s.provider} gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>{t(`crm.provider.${s.provider}`)}</Text>
          <Badge size="sm" variant="light" color={COLORS[s.status]}>{t(`crm.client.status.${s.status}`)}</Badge>
          <Text size="sm" c="dimmed">
            {s.status === 'FAILED' ? crmErrorText(t, s.lastErrorKey) : s.lastSyncedAt ? t('crm.client.lastSynced', { date: when(s.lastSyncedAt) }) : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
