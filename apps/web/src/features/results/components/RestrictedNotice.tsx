// In place of a dashboard section the user may not see (spec section 6: a missing dashboard permission shows a
// notice), so the gap is explained instead of silently empty.
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

interface RestrictedNoticeProps {
  title: string;
  text: string;
  testId: string;
}

export function RestrictedNotice({ title, text, testId }: RestrictedNoticeProps) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title={title} data-testid={testId}>
      {text}
    </Alert>
  );
}
