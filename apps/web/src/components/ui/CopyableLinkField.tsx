// A link to hand on (an invitation, a certificate's verification page) in a read-only field, with "Copy" (the
// button turns to "Copied" for a moment; the outcome is announced politely) and "Open in a new tab".
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { copyToClipboard } from '../../lib/clipboard';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2500;

export interface CopyableLinkTexts {
  label: string;
  copy: string;
  copied: string;
  open: string;
  copiedAnnouncement: string;
  copyFailed: string;
}

export function CopyableLinkField({
  url,
  texts,
  testIds,
}: {
  url: string;
  texts: CopyableLinkTexts;
  testIds: { field: string; copy: string; status: string; open?: string };
}) {
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyToClipboard(url, field.current)) ? 'copied' : 'failed');

  return (
    <div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={field}
          label={texts.label}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: '1 1 320px' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid={testIds.field}
        />
        <Button
          variant={state === 'copied' ? 'light' : 'filled'}
          color={state === 'copied' ? 'green' : undefined}
          leftSection={
            state === 'copied' ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
          }
          onClick={() => void copy()}
          data-testid={testIds.copy}
        >
          {state === 'copied' ? texts.copied : texts.copy}
        </Button>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconExternalLink size={18} aria-hidden />}
          data-testid={testIds.open}
        >
          {texts.open}
        </Button>
      </Group>
      {/* Always in the DOM, so screen readers announce the change of its text. */}
      <Text
        size="sm"
        mt={6}
        c={state === 'failed' ? 'red.8' : 'green.9'}
        aria-live="polite"
        data-testid={testIds.status}
      >
        {state === 'copied' ? texts.copiedAnnouncement : state === 'failed' ? texts.copyFailed : ''}
      </Text>
    </div>
  );
}
