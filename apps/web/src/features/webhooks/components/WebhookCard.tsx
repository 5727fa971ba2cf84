// One endpoint: where it sends, what it takes, whether it is paused and why, and what an admin does with it: send a
// test, pause or resume, rotate the key (shown once by the parent), delete (asked first), and its latest deliveries.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconPlayerPause, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TWebhook, TWebhookWithSecret } from '@bq/contracts/webhooks';
import { showApiError } from '../../../lib/notify';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook } from '../api/webhook-mutations';
import { DeliveryList } from './DeliveryList';

export function WebhookCard({ webhook, onKey }: { webhook: TWebhook; onKey: (rotated: TWebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const paused = webhook.status === 'PAUSED';
  const failed = (fallbackKey: string) => (error: unknown) => showApiError(error, { fallbackKey });

  return (
    <Card withBorder padding="md" data-testid="webhook-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {webhook.url}
          </Text>
          <Badge color={paused ? 'red' : 'green'} variant="light" data-testid="webhook-status">
            {t(`webhooks.status.${webhook.status}`)}
          </Badge>
        </Group>
        {webhook.description ? <Text size="sm">{webhook.description}</Text> : null}
        <Text size="xs" c="dimmed">
          {webhook.events.map((e) => t(`webhooks.event.${e}`)).join(' · ')}
          {webhook.includePersonalData ? ` · ${t('webhooks.card.personalData')}` : ''}
        </Text>
        {paused && webhook.pausedReason ? (
          <Alert color="red" variant="light" title={t('webhooks.card.pausedTitle')} data-testid="webhook-paused">
            {t(`webhooks.pausedReason.${webhook.pausedReason}`)}
          </Alert>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" leftSection={<IconSend size={16} aria-hidden />} loading={test.isPending} onClick={() => test.mutate(webhook.id, { onSuccess: () => setShowDeliveries(true), onError: failed('ERROR_WEBHOOK_TEST') })} data-testid="webhook-test">
            {t('webhooks.card.test')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
            loading={update.isPending}
            onClick={() => update.mutate({ id: webhook.id, change: { active: paused } }, { onError: failed('ERROR_WEBHOOK_UPDATE') })}
            data-testid="webhook-toggle"
          >
            {paused ? t('webhooks.card.resume') : t('webhooks.card.pause')}
          </Button>
          <Button size="xs" variant="light" leftSection={<IconKey size={16} aria-hidden />} loading={rotate.isPending} onClick={() => rotate.mutate(webhook.id, { onSuccess: onKey, onError: failed('ERROR_WEBHOOK_ROTATE') })}>
            {t('webhooks.card.rotate')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setShowDeliveries((v) => !v)} aria-expanded={showDeliveries} data-testid="webhook-show-deliveries">
            {showDeliveries ? t('webhooks.card.hideDeliveries') : t('webhooks.card.showDeliveries')}
          </Button>
          {confirmDelete ? (
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{t('webhooks.card.deleteConfirm')}</Text>
              <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate(webhook.id, { onError: failed('ERROR_WEBHOOK_DELETE') })} data-testid="webhook-delete-confirm">
                {t('webhooks.card.delete')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                {t('webhooks.card.cancel')}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              {t('webhooks.card.delete')}
            </Button>
          )}
        </Group>
        {showDeliveries ? <DeliveryList webhookId={webhook.id} /> : null}
      </Stack>
    </Card>
  );
}
