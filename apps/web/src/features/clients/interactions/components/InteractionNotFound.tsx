// Shown when the interaction token is unknown, was deleted or belongs to another account or client (404).
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/ui/AppLink';

export function InteractionNotFound({ clientPath }: { clientPath: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="interaction-not-found">
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconFileUnknown size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('interactions.notFound.title')}
        </Title>
        <Text c="dimmed">{t('interactions.notFound.text')}</Text>
        <div>
          <Button component={AppLink} to={clientPath} leftSection={<IconArrowLeft size={18} aria-hidden />}>
            {t('interactions.notFound.back')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
