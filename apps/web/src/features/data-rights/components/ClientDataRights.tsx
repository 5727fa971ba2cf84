// The client page's "Personal data" section (GDPR Art. 15, 17 and 20, docs/decisions/0043): download everything held
// about the client as a ZIP, and erase the client. Shown to holders of BQ_USER READ (download) and DELETE (erase).
// It sits last on the client page, and the erasure in a red-bordered "danger zone" of its own, so the rare,
// destructive action is never the first thing met (decision 0077). Nothing here for an erased client.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadPersonalData } from '../api/download-personal-data';
import { EraseClientModal } from './EraseClientModal';

interface ClientDataRightsProps {
  clientToken: string;
  canRead: boolean;
  canErase: boolean;
  /** Hidden for a client anonymised for the viewer: handing over or erasing needs to see who it is. */
  anonymised: boolean;
  /** Hidden for an erased client: nothing personal is left to hand over, and erasing twice is refused. */
  erased: boolean;
}

export function ClientDataRights({
  clientToken,
  canRead,
  canErase,
  anonymised,
  erased,
}: ClientDataRightsProps) {
  const { t } = useTranslation();
  const download = useFileDownload({ fallbackKey: 'dataRights.download.failed' });
  const [erasing, { open, close }] = useDisclosure(false);
  if (anonymised || erased || (!canRead && !canErase)) return null;

  return (
    <Stack gap="lg" mt="lg">
      {canRead ? (
        <Paper withBorder radius="md" p="lg" data-testid="client-data-rights">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('dataRights.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={720}>
              {t('dataRights.intro')}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                loading={download.downloading}
                onClick={() =>
                  void download.start((onProgress) => downloadPersonalData(clientToken, onProgress))
                }
                data-testid="personal-data-download"
              >
                {t('dataRights.download.button')}
              </Button>
            </Group>
            <div aria-live="polite">
              {download.phase === 'done' && download.fileName ? (
                <Text size="sm" c="green.8" data-testid="personal-data-saved">
                  {t('dataRights.download.saved', { fileName: download.fileName })}
                </Text>
              ) : null}
              {download.phase === 'error' ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle aria-hidden />}
                  role="alert"
                  data-testid="personal-data-error"
                >
                  {download.errorMessage}
                </Alert>
              ) : null}
            </div>
          </Stack>
        </Paper>
      ) : null}
      {canErase ? (
        <Paper
          withBorder
          radius="md"
          p="lg"
          component="section"
          aria-labelledby={`danger-zone-${clientToken}`}
          style={{ borderColor: 'var(--mantine-color-red-4)' }}
          data-testid="client-danger-zone"
        >
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Stack gap={4} maw={640}>
              <Title order={2} fz="h5" c="red.8" id={`danger-zone-${clientToken}`}>
                {t('dataRights.dangerZone')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('dataRights.dangerZoneText')}
              </Text>
            </Stack>
            <Button
              variant="light"
              color="red"
              leftSection={<IconUserX size={18} aria-hidden />}
              onClick={open}
              data-testid="client-erase-button"
            >
              {t('dataRights.erase.button')}
            </Button>
          </Group>
          <EraseClientModal clientToken={clientToken} opened={erasing} onClose={close} />
        </Paper>
      ) : null}
    </Stack>
  );
}
