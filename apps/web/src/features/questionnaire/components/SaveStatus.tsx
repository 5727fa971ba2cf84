// The autosave's state in a few words, announced politely: saving, saved, or not saved (and retrying).
import { Group, Loader, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../answer-autosaver';

export function SaveStatus({ state, failedForGood }: { state: SaveState; failedForGood: boolean }) {
  const { t } = useTranslation();
  const error = state === 'error';
  const text = {
    idle: t('questionnaire.save.idle'),
    saving: t('questionnaire.save.saving'),
    saved: t('questionnaire.save.saved'),
    error: failedForGood ? t('questionnaire.save.failed') : t('questionnaire.save.retrying'),
  }[state];
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="questionnaire-save-status"
      data-state={state}
    >
      {state === 'saving' ? <Loader size={14} aria-hidden /> : null}
      {state === 'saved' ? (
        <IconCloudCheck size={16} aria-hidden color="var(--mantine-color-green-8)" />
      ) : null}
      {state === 'idle' ? (
        <IconDeviceFloppy size={16} aria-hidden color="var(--mantine-color-dimmed)" />
      ) : null}
      {error ? <IconCloudOff size={16} aria-hidden color="var(--mantine-color-error)" /> : null}
      <Text size="sm" c={error ? 'var(--mantine-color-error)' : 'dimmed'} fw={error ? 500 : undefined}>
        {text}
      </Text>
    </Group>
  );
}
