// One CRM: whether the operator offers it, the account's connection (connected, or "reconnect needed" after the CRM
// refused the refresh token), connect / reconnect (the browser goes to the CRM), disconnect (asked first), the field
// mapping, "sync now", the failed clients with retry, and the import of the CRM's new contacts.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Divider, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCrmConnection } from '@bq/contracts/crm';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useDisconnectCrm, useImportCrmContacts, useStartCrmConnect, useSyncCrmNow } from '../api/crm-mutations';
import { CrmFailureList } from './CrmFailureList';
import { CrmMappingForm } from './CrmMappingForm';

const COLORS = { CONNECTED: 'green', RECONNECT_NEEDED: 'red', NOT_CONNECTED: 'gray' } as const;

export function CrmProviderCard({ connection, onNavigate }: { connection: TCrmConnection; onNavigate: (url: string) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [confirm, setConfirm] = useState(false);
  const [productId, setProductId] = useState<string | null>(user.products[0]?.id ?? null);
  const start = useStartCrmConnect();
  const disconnect = useDisconnectCrm();
  const sync = useSyncCrmNow();
  const importing = useImportCrmContacts();
  const { provider, status } = connection;
  const connectButton = (
    <Button size="sm" leftSection={<IconPlugConnected size={16} aria-hidden />} loading={start.isPending} onClick={() => start.mutate(provider, { onSuccess: (r) => onNavigate(r.authorizationUrl), onError: (e) => showApiError(e) })} data-testid={`crm-connect-${provider}`}>
      {status === 'NOT_CONNECTED' ? t('crm.connect') : t('crm.reconnect')}
    </Button>
  );
  return (
    <Card withBorder padding="md" data-testid={`crm-card-${provider}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h4">{t(`crm.provider.${provider}`)}</Title>
          <Badge color={COLORS[status]} variant="light" data-testid={`crm-status-${provider}`}>{t(`crm.status.${status}`)}</Badge>
        </Group>
        {!connection.available ? (
          <Text size="sm" c="dimmed">{t('crm.unavailable')}</Text>
        ) : status === 'NOT_CONNECTED' ? (
          <Group>{connectButton}</Group>
        ) : (
          <>
            {status === 'RECONNECT_NEEDED' ? <Alert color="red" variant="light" title={t('crm.reconnectTitle')}>{t('crm.reconnectText')}</Alert> : null}
            {connection.instanceUrl ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{connection.instanceUrl}</Text> : null}
            <Group gap="xs" wrap="wrap">
              {status === 'RECONNECT_NEEDED' ? connectButton : null}
              <Button size="xs" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={sync.isPending} onClick={() => sync.mutate(provider, { onSuccess: (r) => showSuccess(t('crm.sync.queued', { count: r.queued })), onError: (e) => showApiError(e) })} disabled={status !== 'CONNECTED'}>
                {t('crm.sync.now')}
              </Button>
              {confirm ? (
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">{t('crm.disconnectConfirm')}</Text>
                  <Button size="xs" color="red" loading={disconnect.isPending} onClick={() => disconnect.mutate(provider, { onError: (e) => showApiError(e) })}>{t('crm.disconnect')}</Button>
                  <Button size="xs" variant="default" onClick={() => setConfirm(false)}>{t('crm.cancel')}</Button>
                </Group>
              ) : (
                <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm(true)}>{t('crm.disconnect')}</Button>
              )}
            </Group>
            <Divider label={t('crm.mapping.title')} labelPosition="left" />
            <CrmMappingForm provider={provider} mapping={connection.mapping} />
            <Divider label={t('crm.failures.title', { count: connection.failedClients })} labelPosition="left" />
            <CrmFailureList provider={provider} />
            <Divider label={t('crm.import.title')} labelPosition="left" />
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select label={t('crm.import.product')} data={user.products.map((p) => ({ value: p.id, label: t(`product.${p.productType}.name`, { defaultValue: p.productType }) }))} value={productId} onChange={setProductId} allowDeselect={false} />
              <Button size="sm" variant="light" maw="100%" h="auto" mih={30} styles={{ label: { whiteSpace: 'normal' } }} leftSection={<IconUserPlus size={16} aria-hidden />} disabled={!productId || status !== 'CONNECTED'} loading={importing.isPending} onClick={() => productId && importing.mutate({ provider, productConfigurationId: productId }, { onSuccess: (r) => showSuccess(t('crm.import.done', { imported: r.imported, skipped: r.skipped })), onError: (e) => showApiError(e) })} data-testid={`crm-import-${provider}`}>
                {t('crm.import.submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
