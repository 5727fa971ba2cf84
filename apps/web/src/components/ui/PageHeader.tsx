// The heading block of a page: the page's h1, an optional lead sentence and actions on the right.
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, icon, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Group gap="sm" wrap="nowrap">
          {icon}
          <Title order={1} fz="h2">
            {title}
          </Title>
        </Group>
        {description ? (
          <Text c="dimmed" maw={720}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
