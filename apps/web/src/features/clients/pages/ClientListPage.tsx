// /product/{productName}: the product view, i.e. the product's heading and its client list.
import { Badge, Group, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ProductIcon } from '../../../components/ui/ProductIcon';
import { ClientList } from '../components/ClientList';
import { CreateClientButton } from '../components/CreateClientButton';
import { ImportClientsButton } from '../components/ImportClientsButton';
import { useClientProduct } from '../use-client-product';

export function ClientListPage() {
  const { t } = useTranslation();
  const product = useClientProduct();
  // The route's guard renders this page only for a product of the account the user may open.
  if (!product) return null;
  const { productType, configuration } = product;

  return (
    <>
      <PageHeader
        icon={
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            <ProductIcon productType={productType} size={22} />
          </ThemeIcon>
        }
        title={t(PRODUCT_TYPE_INFO[productType].nameKey)}
        description={t('product.clientsLead')}
        actions={
          <Group gap="sm">
            <Badge variant="light" color={configuration.planType === 'TRIAL' ? 'orange' : 'gray'} size="lg">
              {t(`plan.${configuration.planType}`)}
            </Badge>
            <ImportClientsButton product={product} />
            <CreateClientButton product={product} />
          </Group>
        }
      />
      <ClientList product={product} />
    </>
  );
}
