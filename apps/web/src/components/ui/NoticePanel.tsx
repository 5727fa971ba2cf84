// A page-sized notice in place of content that cannot be shown (not found, not available yet, expired, no
// access), with a heading, a plain sentence why, and optional next steps.
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface NoticePanelProps {
  icon: ReactNode;
  color?: string;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  testId: string;
  /** Set as data-status, for a notice that stands for one of several states. */
  status?: string;
  /** 2 where the page around the notice already has its h1 (a settings section). */
  headingOrder?: 1 | 2;
  /** Public pages centre it; in the shell it starts where the page's content starts. */
  centered?: boolean;
}

export function NoticePanel({
  icon,
  color = 'gray',
  title,
  text,
  actions,
  testId,
  status,
  headingOrder = 1,
  centered = true,
}: NoticePanelProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      maw={640}
      mx={centered ? 'auto' : undefined}
      data-testid={testId}
      data-status={status}
    >
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={headingOrder} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {actions ? (
          <Group gap="sm" mt="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
