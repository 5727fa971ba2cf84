// One of the account's products in the product list: icon, name, plan and whether the user may open it.
import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProductConfiguration } from '@bq/contracts/user';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { ProductIcon } from '../../../components/ui/ProductIcon';
import { REVIEW_PRODUCT_TYPES } from '@bq/domain/yearly-review';
import { ReviewSettingsForm } from '../../yearly-review/components/ReviewSettingsForm';

interface ProductCardProps {
  product: TProductConfiguration;
  canOpen: boolean;
  /** The account admin sets a risk product's yearly review here (decision 0093). */
  canConfigure?: boolean;
}

export function ProductCard({ product, canOpen, canConfigure = false }: ProductCardProps) {
  const { t } = useTranslation();
  const name = t(PRODUCT_TYPE_INFO[product.productType].nameKey);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={name}
      data-testid={`product-card-${product.productType}`}
    >
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <ProductIcon productType={product.productType} size={24} />
            </ThemeIcon>
            <Badge variant="light" color={product.planType === 'TRIAL' ? 'orange' : 'gray'}>
              {t(`plan.${product.planType}`)}
            </Badge>
          </Group>
          <Text component="h2" fw={650} fz="lg" m={0}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`product.${product.productType}.description`)}
          </Text>
        </Stack>
        {canConfigure && REVIEW_PRODUCT_TYPES.includes(product.productType) ? <ReviewSettingsForm product={product} /> : null}
        {canOpen ? (
          <Button
            component={AppLink}
            to={`/product/${product.productType}`}
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={t('products.open', { product: name })}
          >
            {t('products.openShort')}
          </Button>
        ) : (
          <Group gap={6} c="dimmed">
            <IconLock size={16} aria-hidden />
            <Text size="sm">{t('products.noAccess')}</Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
