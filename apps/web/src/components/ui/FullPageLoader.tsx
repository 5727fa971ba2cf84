// Whole-page placeholder while the app or the signed-in user loads.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
