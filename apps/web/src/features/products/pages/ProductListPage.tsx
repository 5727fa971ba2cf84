// /product: the account's products as cards (spec: list of the account's available products).
import { EmptyState, Paper, SimpleGrid } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { hasPermission } from '@bq/domain/permissions';
import { ProductCard } from '../components/ProductCard';

export function ProductListPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        title={t('page.products.title')}
        description={t('products.lead', { account: user.accountName })}
      />
      {user.products.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            variant="light"
            icon={<IconLayoutGrid size={28} aria-hidden />}
            title={t('products.empty.title')}
            description={t('products.empty.text')}
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {user.products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              canOpen={hasProductPermission(user, product.productType)}
              canConfigure={hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' })}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
