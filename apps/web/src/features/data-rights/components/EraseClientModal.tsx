// Confirms erasing a client: says per result what is kept (and why, and until when) and what is deleted, then asks
// for the four-digit security code the server gave (the same dialog as deleting an interaction, ADR 0008). "Erase"
// stays disabled until the typed code matches; the server checks the code again.
import { Alert, Badge, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TErasurePreview } from '@bq/contracts/data-rights';
import { apiErrorMessage, showSuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/formats';
import { useEraseClient } from '../api/erase-client';
import { useErasurePreview } from '../api/get-erasure-preview';
import { SecurityCodeField, useSecurityCodeCheck } from '../../clients/interactions/components/SecurityCodeConfirm';

interface EraseClientModalProps {
  clientToken: string;
  opened: boolean;
  onClose: () => void;
}

export function EraseClientModal({ clientToken, opened, onClose }: EraseClientModalProps) {
  const { t } = useTranslation();
  const preview = useErasurePreview(clientToken, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('dataRights.erase.title')} size="lg" data-testid="client-erase-modal">
      {!opened ? null : preview.data ? (
        <EraseConfirmation key={preview.data.securityCode} preview={preview.data} clientToken={clientToken} onClose={onClose} />
      ) : preview.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {apiErrorMessage(preview.error)}
        </Alert>
      ) : (
        <Group justify="center" p="lg" role="status" aria-label={t('common.loading')}>
          <Loader size="sm" />
        </Group>
      )}
    </Modal>
  );
}

function EraseConfirmation({ preview, clientToken, onClose }: { preview: TErasurePreview; clientToken: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const erase = useEraseClient(clientToken);
  const check = useSecurityCodeCheck(preview.securityCode, (typed) =>
    erase.mutate(typed, {
      onSuccess: (answer) => {
        showSuccess(t('dataRights.erase.success', { kept: answer.results.filter((r) => r.kept).length, removed: answer.removed.results }));
        onClose();
      },
    }),
  );

  if (preview.erasedAt) {
    return (
      <Alert color="gray" variant="light" data-testid="client-erased-notice">
        {t('dataRights.erase.already', { date: formatDate(preview.erasedAt) })}
      </Alert>
    );
  }

  return (
    <form onSubmit={check.attempt} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('dataRights.erase.text')}</Text>
        {preview.results.length ? (
          <List size="sm" spacing={6} data-testid="client-erase-results">
            {preview.results.map((result, index) => (
              <List.Item key={`${result.interactionId}-${index}`}>
                <Group gap="xs" wrap="wrap">
                  <Text span size="sm" fw={600}>
                    {t(`product.${result.productType}.name`)}
                  </Text>
                  <Text span size="sm" c="dimmed">
                    {formatDate(result.createdAt)}
                  </Text>
                  <Badge color={result.kept ? 'blue' : 'gray'} variant="light">
                    {result.kept ? t('dataRights.erase.kept') : t('dataRights.erase.deleted')}
                  </Badge>
                </Group>
                {result.kept && result.keepUntil ? (
                  <Text size="xs" c="dimmed">
                    {t('dataRights.erase.keptWhy', { date: formatDate(result.keepUntil) })}
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dataRights.erase.noResults')}
          </Text>
        )}
        <Text size="sm">{t('dataRights.erase.keptExplained')}</Text>
        {/* What stays beyond the results (issue 36 point 13): the trail's events, and what goes with the client. */}
        <Text size="sm" data-testid="client-erase-trail">
          {t('dataRights.erase.trailExplained')}
        </Text>
        <SecurityCodeField check={check} testIdPrefix="client-erase-code" />
        {erase.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="client-erase-error">
            {apiErrorMessage(erase.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" leftSection={<IconUserX size={18} aria-hidden />} disabled={!check.matches} loading={erase.isPending} data-testid="client-erase-confirm">
            {t('dataRights.erase.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
