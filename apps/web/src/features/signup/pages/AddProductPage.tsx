// {productName}/add: adds the product to the signed-in user's account (POST /api/add_product), then continues to
// {productName}/sign-up-success. A product the account has already shows 'product already added' with the way in;
// where adding cannot work (add-product-rule.ts) the page says why instead of offering the button.
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ProductIcon } from '../../../components/ui/ProductIcon';
import { ApiError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { apiErrorMessage } from '../../../lib/notify';
import { useAppNavigate } from '../../../lib/navigation';
import { useAddProduct } from '../api/add-product';
import { addProductBlock } from '../add-product-rule';

export function AddProductPage() {
  const { t } = useTranslation();
  const productType = useParams().productName as ProductType;
  const user = useSignedInUser();
  const navigate = useAppNavigate();
  const add = useAddProduct();
  const name = t(PRODUCT_TYPE_INFO[productType].nameKey);
  const alreadyAdded =
    (add.error instanceof ApiError && add.error.errorKey === 'error.product.already_added') ||
    (!add.isSuccess && !add.isPending && user.products.some((p) => p.productType === productType));
  const block = add.isSuccess || add.isPending ? null : addProductBlock(user, productType);

  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.addProduct.title')} icon={<ProductIcon productType={productType} />} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Text fw={600}>{name}</Text>
          {alreadyAdded ? (
            <Alert color="blue" variant="light" data-testid="add-product-already">
              <Stack gap="sm">
                <Text size="sm">{t('ERROR_PRODUCT_ALREADY_ADDED')}</Text>
                <Group>
                  <Button component={AppLink} to={`/product/${productType}`}>
                    {t('addProduct.open', { product: name })}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : block === 'by-contract' || block === 'no-permission' ? (
            <Alert color="orange" variant="light" data-testid="add-product-not-applicable" data-reason={block}>
              <Stack gap="sm">
                <Text size="sm">{t(`addProduct.blocked.${block}`, { product: name })}</Text>
                <Group>
                  <Button component={AppLink} to="/product" variant="default">
                    {t('addProduct.toProducts')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <>
              <Text size="sm">{t('addProduct.text', { product: name })}</Text>
              {productType === 'BQ_ADVISORY_WEALTH' ? <Text size="sm">{t('addProduct.trial')}</Text> : null}
              {add.error ? (
                <Alert color="red" variant="light" role="alert">
                  {apiErrorMessage(add.error)}
                </Alert>
              ) : null}
              <Group>
                <Button
                  leftSection={<IconCirclePlus size={18} aria-hidden />}
                  loading={add.isPending}
                  onClick={() =>
                    add.mutate({ initiatorId: user.id, productType }, { onSuccess: () => navigate(`/${productType}/sign-up-success`) })
                  }
                  data-testid="add-product-submit"
                >
                  {t('addProduct.submit', { product: name })}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
