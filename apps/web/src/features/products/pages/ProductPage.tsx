// /product/{productName}: the product view. Its client list is the next release; until then the empty state.
import { Badge, ThemeIcon } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, isProductType } from '@bq/domain/product-types';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ProductIcon } from '../../../components/ui/ProductIcon';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { ClientListEmptyState } from '../components/ClientListEmptyState';

export function ProductPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { productName = '' } = useParams();
  // The route only renders this page for a known product the user may open.
  if (!isProductType(productName)) return null;
  const configuration = user.products.find((product) => product.productType === productName);

  return (
    <>
      <PageHeader
        icon={
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
            <ProductIcon productType={productName} size={22} />
          </ThemeIcon>
        }
        title={t(PRODUCT_TYPE_INFO[productName].nameKey)}
        description={t('product.clientsLead')}
        actions={
          configuration ? (
            <Badge variant="light" color={configuration.planType === 'TRIAL' ? 'orange' : 'gray'} size="lg">
              {t(`plan.${configuration.planType}`)}
            </Badge>
          ) : null
        }
      />
      <ClientListEmptyState productType={productName} />
    </>
  );
}
