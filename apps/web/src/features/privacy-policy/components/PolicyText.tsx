// A privacy policy as the participant sees it: plain text, paragraphs and line breaks kept, never HTML.
import { Text } from '@mantine/core';

export function PolicyText({ text, testId }: { text: string; testId?: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
      {text}
    </Text>
  );
}
