// The ten recovery codes right after confirmation: shown this once, with Copy (where the browser's clipboard is not
// available, the list can be selected by hand); each signs in once without the app.
import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = codes.join('\n');
  return (
    <Alert color="green" variant="light" icon={<IconLifebuoy aria-hidden />} title={t('twoFactor.recovery.title')} data-testid="recovery-codes-panel">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('twoFactor.recovery.once')}
        </Text>
        <List ff="monospace" size="sm" spacing={2} listStyleType="none" aria-label={t('twoFactor.recovery.listLabel')} data-testid="recovery-codes">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <Button
            variant={copied ? 'light' : 'filled'}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={() => void copyToClipboard(text, null).then(setCopied)}
          >
            {copied ? t('twoFactor.recovery.copied') : t('twoFactor.recovery.copy')}
          </Button>
          <Button variant="default" onClick={onDone} data-testid="recovery-codes-done">
            {t('twoFactor.recovery.done')}
          </Button>
        </Group>
        <Text size="sm" aria-live="polite" c={copied === false ? 'red.8' : undefined}>
          {copied === false ? t('twoFactor.recovery.copyFailed') : ''}
        </Text>
      </Stack>
    </Alert>
  );
}
