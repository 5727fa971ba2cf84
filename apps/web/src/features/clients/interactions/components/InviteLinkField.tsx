// The client's personal link in a read-only field, with "Copy link" (feedback "Copied", announced politely)
// and "Open in new tab" (to check what the client will see; opening it marks the questionnaire as opened).
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../copy-to-clipboard';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2500;

export function InviteLinkField({ inviteUrl }: { inviteUrl: string }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyToClipboard(inviteUrl, field.current)) ? 'copied' : 'failed');

  return (
    <div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={field}
          label={t('interactions.invite.label')}
          value={inviteUrl}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: '1 1 320px' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="interaction-invite-link"
        />
        <Button
          variant={state === 'copied' ? 'light' : 'filled'}
          color={state === 'copied' ? 'green' : undefined}
          leftSection={
            state === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
          }
          onClick={() => void copy()}
          data-testid="interaction-copy-link"
        >
          {state === 'copied' ? t('interactions.invite.copied') : t('interactions.invite.copy')}
        </Button>
        <Button
          component="a"
          href={inviteUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconExternalLink size={18} aria-hidden />}
        >
          {t('interactions.invite.open')}
        </Button>
      </Group>
      {/* Always in the DOM, so screen readers announce the change of its text. */}
      <Text
        size="sm"
        mt={6}
        c={state === 'failed' ? 'red' : 'green.8'}
        aria-live="polite"
        data-testid="interaction-copy-status"
      >
        {state === 'copied'
          ? t('interactions.invite.copiedAnnouncement')
          : state === 'failed'
            ? t('interactions.invite.copyFailed')
            : ''}
      </Text>
    </div>
  );
}
