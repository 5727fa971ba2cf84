// Shown instead of the page to a user without BQ_ADMIN permission (or when the server refuses with 403).
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';

export function MarketHistoryForbidden() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="market-history-forbidden">
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t('marketHistory.forbidden.title')}
        </Title>
        <Text c="dimmed">{t('marketHistory.forbidden.text')}</Text>
        <Group mt="sm">
          <Button component={AppLink} to="/settings" leftSection={<IconSettings size={18} aria-hidden />}>
            {t('marketHistory.forbidden.back')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
