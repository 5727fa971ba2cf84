// {productName}/sign-up-success: the cross-product sign-up succeeded; the product is in the account now. Reached by
// URL for a product not in the account, it says so, and offers adding it only where adding can work.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { addProductBlock } from '../add-product-rule';

export function ProductSignUpSuccessPage() {
  const { t } = useTranslation();
  const productType = useParams().productName as ProductType;
  const user = useSignedInUser();
  const name = t(PRODUCT_TYPE_INFO[productType].nameKey);
  const has = user.products.some((p) => p.productType === productType);
  const block = addProductBlock(user, productType);
  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.productSignUpSuccess.title')} />
      {has ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('productSignUpSuccess.title', { product: name })} data-testid="product-signup-success">
          <Stack gap="md">
            <Text size="sm">{t('productSignUpSuccess.text', { product: name })}</Text>
            <Group>
              <Button component={AppLink} to={`/product/${productType}`}>
                {t('addProduct.open', { product: name })}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Alert color="orange" variant="light" data-testid="product-signup-missing">
          <Stack gap="md">
            <Text size="sm">{t('productSignUpSuccess.missing', { product: name })}</Text>
            {block === 'by-contract' || block === 'no-permission' ? (
              <>
                <Text size="sm" data-testid="product-signup-not-applicable">
                  {t(`addProduct.blocked.${block}`, { product: name })}
                </Text>
                <Group>
                  <Button component={AppLink} to="/product" variant="default">
                    {t('addProduct.toProducts')}
                  </Button>
                </Group>
              </>
            ) : (
              <Group>
                <Button component={AppLink} to={`/${productType}/add`}>
                  {t('addProduct.submit', { product: name })}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
