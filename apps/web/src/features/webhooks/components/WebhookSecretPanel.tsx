// The signing key of an endpoint just made or rotated: shown this once, with Copy, and how a receiver checks it.
import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TWebhookWithSecret } from '@bq/contracts/webhooks';
import { copyToClipboard } from '../../../lib/clipboard';

export function WebhookSecretPanel({ webhook, onDone }: { webhook: TWebhookWithSecret; onDone: () => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Alert color="green" variant="light" icon={<IconKey aria-hidden />} title={t('webhooks.secret.title', { url: webhook.url })} data-testid="webhook-secret-panel">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('webhooks.secret.once')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            ref={field}
            label={t('webhooks.secret.label')}
            value={webhook.secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 280px', minWidth: 0 }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="webhook-secret"
          />
          <Button
            variant={copied ? 'light' : 'filled'}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => void copyToClipboard(webhook.secret, field.current).then(setCopied)}
          >
            {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
          </Button>
        </Group>
        <Text size="sm" aria-live="polite" c={copied === false ? 'red.8' : undefined}>
          {copied === false ? t('webhooks.secret.copyFailed') : ''}
        </Text>
        <Text size="sm">{webhook.previousSecretUntil ? t('webhooks.secret.rotated') : t('webhooks.secret.usage')}</Text>
        <Group>
          <Button variant="default" onClick={onDone} data-testid="webhook-secret-done">
            {t('webhooks.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
