// The secret of a credential just created: shown this once, with Copy, and how to send it. Closing it forgets it.
import { useRef, useState } from 'react';
import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCreateApiCredentialResponse } from '@bq/contracts/api-credentials';
import { copyToClipboard } from '../../../lib/clipboard';

export function NewSecretPanel({ created, onDone }: { created: TCreateApiCredentialResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconKey aria-hidden />}
      title={t('apiCredentials.secret.title', { description: created.description })}
      data-testid="api-credential-secret-panel"
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('apiCredentials.secret.once')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            ref={field}
            label={t('apiCredentials.secret.label')}
            value={created.secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 360px' }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="api-credential-secret"
          />
          <Button
            variant={copied ? 'light' : 'filled'}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => void copyToClipboard(created.secret, field.current).then(setCopied)}
          >
            {copied ? t('apiCredentials.secret.copied') : t('apiCredentials.secret.copy')}
          </Button>
        </Group>
        <Text size="sm" aria-live="polite" c={copied === false ? 'red.8' : undefined}>
          {copied === false ? t('apiCredentials.secret.copyFailed') : ''}
        </Text>
        <Text size="sm">
          {t('apiCredentials.secret.usage')} <Code>Authorization: Bearer {created.secret.slice(0, 8)}…</Code>
        </Text>
        <Group>
          <Button variant="default" onClick={onDone} data-testid="api-credential-secret-done">
            {t('apiCredentials.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
