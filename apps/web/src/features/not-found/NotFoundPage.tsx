// Any path the app does not know, and product routes naming an unknown product type.
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/ui/AppLink';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py={64} px="md" data-testid="not-found">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconMapQuestion size={34} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={480}>
        {t('notFound.text')}
      </Text>
      <Button component={AppLink} to="/" leftSection={<IconHome size={18} aria-hidden />} mt="sm">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
