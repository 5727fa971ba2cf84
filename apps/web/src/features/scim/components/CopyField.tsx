// A read-only value with a Copy button (the SCIM base URL, the token shown once); says when copying failed.
import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';

export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={field}
          label={label}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: '1 1 320px' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid={testId}
        />
        <Button
          variant={copied ? 'light' : 'default'}
          leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          onClick={() => void copyToClipboard(value, field.current).then(setCopied)}
          aria-label={`${copied ? t('scim.copied') : t('scim.copy')}: ${label}`}
        >
          {copied ? t('scim.copied') : t('scim.copy')}
        </Button>
      </Group>
      <Text size="sm" aria-live="polite" c={copied === false ? 'red.8' : undefined}>
        {copied === false ? t('scim.copyFailed') : ''}
      </Text>
    </Stack>
  );
}
