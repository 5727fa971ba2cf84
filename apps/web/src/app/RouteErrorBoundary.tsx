// Route error element: a failed chunk load gets the "reload" notice, a 404 the not-found page, anything else a
// short apology with reload; never a blank page.
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy-import';
import { AppLink } from '../components/ui/AppLink';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ChunkErrorNotice } from './ChunkErrorNotice';

export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkErrorNotice />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.warn('A page failed to render', error);
  return (
    <Box p="md">
      <Paper withBorder radius="md" p="xl" maw={560} mx="auto" my="xl" role="alert">
        <Stack gap="sm">
          <Title order={1} fz="h3">
            {t('error.unexpected.title')}
          </Title>
          <Text c="dimmed">{t('error.unexpected.text')}</Text>
          <Group mt="sm">
            <Button onClick={() => window.location.reload()}>{t('error.chunk.reload')}</Button>
            <Button variant="default" component={AppLink} to="/">
              {t('notFound.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
