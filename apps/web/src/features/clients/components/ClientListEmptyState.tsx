// The client list when the product has no clients at all.
import { EmptyState, Paper } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClientProduct } from '../use-client-product';
import { CreateClientButton } from './CreateClientButton';

export function ClientListEmptyState({ product }: { product: ClientProduct }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="client-list-empty">
      <EmptyState
        variant="light"
        icon={<IconUsers size={28} stroke={1.6} aria-hidden />}
        title={t('clients.empty.title')}
        description={t('clients.empty.text')}
      >
        {product.canCreate ? (
          <EmptyState.Actions>
            <CreateClientButton product={product} testId="client-list-empty-create" />
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
