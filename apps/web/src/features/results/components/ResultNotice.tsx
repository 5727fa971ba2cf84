// A page-sized notice in place of the dashboard (not found, no permission, not done, calculation failed), with
// a way back to the client.
import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';

interface ResultNoticeProps {
  icon: ReactNode;
  color?: string;
  title: string;
  text: ReactNode;
  backTo: string;
  testId: string;
  actions?: ReactNode;
  status?: string;
}

export function ResultNotice({
  icon,
  color = 'gray',
  title,
  text,
  backTo,
  testId,
  actions,
  status,
}: ResultNoticeProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid={testId} data-status={status}>
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Group gap="sm" mt="xs">
          <Button
            component={AppLink}
            to={backTo}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('results.backToClient')}
          </Button>
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}
