// One settings section: its h2, a lead sentence and the content in a card.
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

interface SettingsSectionProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="xl" component="section">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {title}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
