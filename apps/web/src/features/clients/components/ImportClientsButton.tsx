// "Import clients" beside "Create client": absent without CREATE on BQ_USER in the product's realm.
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import type { ClientProduct } from '../use-client-product';

export function ImportClientsButton({ product }: { product: ClientProduct }) {
  const { t } = useTranslation();
  if (!product.canCreate) return null;
  return (
    <Button variant="default" component={AppLink} to={`/${product.productType}/client/import`} leftSection={<IconFileImport size={18} aria-hidden />} data-testid="import-clients-button">
      {t('clientImport.button')}
    </Button>
  );
}
