// Deactivate (after a confirmation) or activate again a client in this product. Deactivation keeps the client's
// interactions and results; it only takes the client off the product's active list.
import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClient } from '@bq/contracts/clients';
import type { ProductType } from '@bq/domain/product-types';
import { showSuccess } from '../../../lib/notify';
import { useActivateClient } from '../api/activate-client';
import { useDeactivateClient } from '../api/deactivate-client';
import { clientDisplayName } from '../../../lib/client-display-name';

export function ClientActivation({ client, productType }: { client: TClient; productType: ProductType }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateClient();
  const activate = useActivateClient();
  const name = clientDisplayName(client);

  if (!client.active) {
    return (
      <Button
        variant="light"
        color="green"
        leftSection={<IconUserCheck size={18} aria-hidden />}
        loading={activate.isPending}
        onClick={() =>
          activate.mutate(
            { clientToken: client.token, productType },
            { onSuccess: () => showSuccess(t('clients.activate.success', { name })) },
          )
        }
        data-testid="client-activate-button"
      >
        {t('clients.view.activate')}
      </Button>
    );
  }

  const confirm = () =>
    modals.openConfirmModal({
      title: t('clients.deactivate.title', { name }),
      children: t('clients.deactivate.text'),
      labels: { confirm: t('clients.deactivate.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'client-deactivate-confirm' },
      cancelProps: { 'data-testid': 'client-deactivate-cancel' },
      onConfirm: () =>
        deactivate.mutate(
          { clientToken: client.token, productType },
          { onSuccess: () => showSuccess(t('clients.deactivate.success', { name })) },
        ),
    });

  return (
    <Button
      variant="default"
      color="red"
      leftSection={<IconUserOff size={18} aria-hidden />}
      loading={deactivate.isPending}
      onClick={confirm}
      data-testid="client-deactivate-button"
    >
      {t('clients.view.deactivate')}
    </Button>
  );
}
