// An endpoint's latest deliveries: what was sent, how it went (status, answer or error, attempts), when the next try
// is due, and "Send again" for one that failed. Shown as a list, not a table, so it reads on a phone.
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TWebhookDelivery } from '@bq/contracts/webhooks';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { showApiError } from '../../../lib/notify';
import { useWebhookDeliveries } from '../api/list-deliveries';
import { useRetryDelivery } from '../api/webhook-mutations';

const COLOR: Record<TWebhookDelivery['status'], string> = { PENDING: 'yellow', SENDING: 'blue', DELIVERED: 'green', FAILED: 'red' };

export function DeliveryList({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const deliveries = useWebhookDeliveries(webhookId);
  const retry = useRetryDelivery();
  if (deliveries.isPending) return <Skeleton height={48} aria-busy />;
  if (deliveries.isError) return <ErrorState title={t('webhooks.deliveries.errorTitle')} message={t('webhooks.deliveries.errorText')} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.deliveries.length === 0) return <Text c="dimmed" size="sm">{t('webhooks.deliveries.empty')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="webhook-deliveries">
      {deliveries.data.deliveries.map((d) => (
        <li key={d.id} data-testid="webhook-delivery">
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Group gap="xs" wrap="wrap">
              <Badge color={COLOR[d.status]} variant="light">
                {t(`webhooks.delivery.status.${d.status}`)}
              </Badge>
              <Text size="sm" ff="monospace">
                {d.event}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(d.createdAt)}
              </Text>
            </Group>
            {d.status === 'FAILED' ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={retry.isPending && retry.variables?.deliveryId === d.id}
                onClick={() => retry.mutate({ id: webhookId, deliveryId: d.id }, { onError: (error) => showApiError(error, { fallbackKey: 'ERROR_WEBHOOK_RETRY' }) })}
              >
                {t('webhooks.delivery.retry')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.delivery.attempts', { count: d.attempts })}
            {d.responseCode !== null ? ` · HTTP ${d.responseCode}` : ''}
            {d.lastError && d.status !== 'DELIVERED' ? ` · ${d.lastError}` : ''}
            {d.nextAttemptAt ? ` · ${t('webhooks.delivery.next', { time: formatDateTime(d.nextAttemptAt) })}` : ''}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
