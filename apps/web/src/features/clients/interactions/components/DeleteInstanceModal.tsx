// Confirms deleting an interaction: the adviser types the random four-digit code shown in the dialog (a guard
// against slips, ADR 0008; SecurityCodeConfirm.tsx). A refusal (409 while the result is calculated) shows in the dialog.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../../lib/notify';
import { newSecurityCode } from '../security-code';
import { SecurityCodeField, useSecurityCodeCheck } from './SecurityCodeConfirm';

interface DeleteInstanceModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
}

export function DeleteInstanceModal(props: DeleteInstanceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('interactions.delete.modalTitle')}
      data-testid="interaction-delete-modal"
    >
      {/* Mounted only while open: every opening shows a new code and an empty field. */}
      {props.opened ? <DeleteConfirmation {...props} /> : null}
    </Modal>
  );
}

function DeleteConfirmation({ onClose, onConfirm, pending, error }: DeleteInstanceModalProps) {
  const { t } = useTranslation();
  const [code] = useState(newSecurityCode);
  const check = useSecurityCodeCheck(code, onConfirm);

  return (
    <form onSubmit={check.attempt} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('interactions.delete.text')}</Text>
        <SecurityCodeField check={check} testIdPrefix="interaction-security-code" />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {apiErrorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            disabled={!check.matches}
            loading={pending}
            data-testid="interaction-delete-confirm"
          >
            {t('interactions.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
