// Switches between the products the user may open (icon and translated name); opens /product/{productType}.
import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bq/contracts/user';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../components/ui/AppLink';
import { ProductIcon } from '../../components/ui/ProductIcon';
import { permittedProducts } from '../../lib/product-access';

interface ProductSwitcherProps {
  user: TUser;
  current: ProductType | null;
}

export function ProductSwitcher({ user, current }: ProductSwitcherProps) {
  const { t } = useTranslation();
  const products = permittedProducts(user);
  const currentName = current ? t(PRODUCT_TYPE_INFO[current].nameKey) : t('shell.productSwitcher.none');

  return (
    <Menu position="bottom-start" width={280} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={
            current ? <ProductIcon productType={current} /> : <IconLayoutGrid size={18} aria-hidden />
          }
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={t('shell.productSwitcher.label', { product: currentName })}
          data-testid="product-switcher"
          maw={{ base: 170, sm: 260 }}
        >
          <Text component="span" size="sm" fw={600} truncate>
            {currentName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.productSwitcher.heading')}</Menu.Label>
        {products.map((product) => {
          const isCurrent = product.productType === current;
          return (
            <Menu.Item
              key={product.id}
              component={AppLink}
              to={`/product/${product.productType}`}
              leftSection={<ProductIcon productType={product.productType} />}
              rightSection={isCurrent ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={isCurrent ? 'true' : undefined}
              data-testid={`product-switcher-item-${product.productType}`}
            >
              {t(PRODUCT_TYPE_INFO[product.productType].nameKey)}
            </Menu.Item>
          );
        })}
        {products.length === 0 ? <Menu.Item disabled>{t('shell.productSwitcher.empty')}</Menu.Item> : null}
        <Menu.Divider />
        <Menu.Item component={AppLink} to="/product" leftSection={<IconLayoutGrid size={18} aria-hidden />}>
          {t('shell.productSwitcher.all')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
