// The switch for all the account's start links at once (0092 addendum): off, every link answers as an unknown one
// while the links below keep their own switches and settings; on again, they work as before.
import { Alert, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showApiError, showSuccess } from '../../../lib/notify';
import { usePublicLinkSettings, useUpdatePublicLinkSettings } from '../api/public-link-settings';

export function AccountSwitch() {
  const { t } = useTranslation();
  const settings = usePublicLinkSettings();
  const update = useUpdatePublicLinkSettings();
  if (settings.isPending) return <Skeleton height={72} />;
  if (settings.isError) return null;
  const enabled = update.isPending && update.variables ? update.variables.enabled : settings.data.enabled;
  const save = (next: boolean) =>
    update.mutate({ enabled: next }, { onSuccess: () => showSuccess(t(next ? 'publicLinks.switchSavedOn' : 'publicLinks.switchSavedOff')), onError: (error) => showApiError(error) });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{t('publicLinks.switchTitle')}</Text>
        <Switch label={t('publicLinks.switchLabel')} checked={enabled} disabled={update.isPending} onChange={(event) => save(event.currentTarget.checked)} data-testid="public-links-account-switch" />
        {enabled ? (
          <Text size="sm" c="dimmed">
            {t('publicLinks.switchOnHint')}
          </Text>
        ) : (
          <Alert color="orange" variant="light" data-testid="public-links-switched-off">
            {t('publicLinks.switchOffHint')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
