// Says plainly that a part of the product arrives in a later release; used instead of fake data.
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function LaterReleaseNotice() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="later-release">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconHourglass size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{t('placeholder.laterRelease.title')}</Text>
        <Text c="dimmed" maw={520}>
          {t('placeholder.laterRelease.text')}
        </Text>
      </Stack>
    </Paper>
  );
}
