// Shown when a part of the app could not be loaded (a new version was deployed or the connection dropped).
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ChunkErrorNotice() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" my="xl" role="alert" data-testid="chunk-error">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light" color="orange" aria-hidden>
          <IconWifiOff size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('error.chunk.title')}
        </Title>
        <Text c="dimmed">{t('error.chunk.text')}</Text>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => window.location.reload()}
          mt="sm"
        >
          {t('error.chunk.reload')}
        </Button>
      </Stack>
    </Paper>
  );
}
