// The client list before any client exists; the list itself follows in the next release.
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';

export function ClientListEmptyState({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="client-list-empty">
      <EmptyState
        variant="light"
        icon={<IconUsers size={28} stroke={1.6} aria-hidden />}
        title={t('clients.empty.title')}
        description={t('clients.empty.text')}
      >
        <EmptyState.Actions>
          <Button
            component={AppLink}
            to={`/${productType}/client`}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('clients.create')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
