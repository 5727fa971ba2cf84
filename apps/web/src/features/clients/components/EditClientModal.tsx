// Edits a client's fields in a modal with the create form's fields and validation; saves only when something
// changed.
import { Button, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TClient } from '@bq/contracts/clients';
import { showSuccess } from '../../../lib/notify';
import { useUpdateClient } from '../api/update-client';
import { changedClientFields, clientFormValues, clientUpdateRequest } from '../client-form-schema';
import { ClientForm } from './ClientForm';

interface EditClientModalProps {
  client: TClient;
  opened: boolean;
  onClose: () => void;
}

export function EditClientModal({ client, opened, onClose }: EditClientModalProps) {
  const { t } = useTranslation();
  const update = useUpdateClient();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('clients.edit.title')}
      size="lg"
      data-testid="client-edit-modal"
    >
      {/* Mounted only while open, so every opening starts from the saved values. */}
      {opened ? (
        <ClientForm
          label={t('clients.edit.title')}
          initialValues={clientFormValues(client)}
          submitLabel={t('clients.edit.submit')}
          pending={update.isPending}
          onSubmit={async (fields) => {
            const changes = changedClientFields(client, fields);
            if (Object.keys(changes).length > 0) {
              await update.mutateAsync(clientUpdateRequest(client, changes));
              showSuccess(t('clients.edit.success'));
            }
            onClose();
          }}
          cancel={
            <Button variant="default" onClick={onClose} data-testid="client-form-cancel">
              {t('common.cancel')}
            </Button>
          }
        />
      ) : null}
    </Modal>
  );
}
