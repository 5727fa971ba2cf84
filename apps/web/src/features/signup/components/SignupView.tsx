// The registration page body shared by /signup/ext (bqa) and /signup/benchmark/ext: the product comes from
// ?product= when it is one a self-service account can sign up for, else from the variant's default.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BQA_SIGNUP_PRODUCTS } from '@bq/contracts/signup';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SignupForm } from './SignupForm';

const SIGNUP_PRODUCTS: readonly string[] = [...BQA_SIGNUP_PRODUCTS, 'BQ_PERFORMANCE_SELF_ASSESSMENT'];

export function SignupView({ titleKey, defaultProduct }: { titleKey: string; defaultProduct: ProductType }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('product') ?? '';
  const productType = (SIGNUP_PRODUCTS.includes(asked) ? asked : defaultProduct) as ProductType;
  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t(titleKey)} description={t('signup.lead')} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('signup.product')}
            </Text>
            <Badge variant="light" data-testid="signup-product">
              {t(PRODUCT_TYPE_INFO[productType].nameKey)}
            </Badge>
            {productType === 'BQ_ADVISORY_WEALTH' ? (
              <Badge variant="outline" color="green">
                {t('signup.trial')}
              </Badge>
            ) : null}
          </Group>
          <SignupForm productType={productType} />
        </Stack>
      </Paper>
    </Stack>
  );
}
