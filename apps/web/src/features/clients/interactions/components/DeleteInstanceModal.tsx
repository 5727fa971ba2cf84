// Confirms deleting an interaction: the adviser types the random four-digit code shown in the dialog (a guard
// against slips, ADR 0008). "Delete" stays disabled until the code matches; Enter with a wrong code says it
// does not match. A refusal (409 while the result is calculated) shows in the dialog.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../../lib/notify';
import { matchesSecurityCode, newSecurityCode } from '../security-code';

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
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const codeId = useId();
  const matches = matchesSecurityCode(typed, code);

  const attempt = (event?: FormEvent) => {
    event?.preventDefault();
    if (!matches) {
      setMismatch(true);
      return;
    }
    onConfirm();
  };

  return (
    <form onSubmit={attempt} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('interactions.delete.text')}</Text>
        <div>
          <Text size="sm" id={codeId}>
            {t('interactions.delete.codeIntro')}
          </Text>
          <Code
            block
            mt={6}
            fz={28}
            fw={700}
            ta="center"
            style={{ letterSpacing: '0.4em' }}
            aria-describedby={codeId}
            data-testid="interaction-security-code"
          >
            {code}
          </Code>
        </div>
        <TextInput
          label={t('interactions.delete.codeLabel')}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setMismatch(false);
          }}
          onKeyDown={(event) => {
            // Browsers skip implicit submission while the submit button is disabled; Enter still gets an answer.
            if (event.key === 'Enter') attempt(event);
          }}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          data-autofocus
          error={mismatch ? t('ERROR_SECURITY_CODE_MISMATCH') : undefined}
          data-testid="interaction-security-code-input"
        />
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
            disabled={!matches}
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
