// {productName}/credits: the purchase choice. The packages of the current product with their prices, the balance,
// and, when payments run in the sandbox, the mark that no real payment happens. Reached from the credit balance
// in the header and from "payment required" (with returnTo, the locked result, offered again after paying).
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCoins, IconFlask, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { apiErrorMessage } from '../../../lib/notify';
import { useFormat } from '../../../lib/formats';
import { usePaymentConfigurations } from '../api/get-payment-configurations';
import { PackageCard } from '../components/PackageCard';
import { SandboxBadge } from '../components/SandboxBadge';

/** The page to come back to after buying, when it is a page of this app. */
export function returnToOf(value: string | null): string | null {
  return value && safeRedirectPath(value) === value ? value : null;
}

export function BuyCreditsPage() {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const productType = useParams().productName as ProductType;
  const [search] = useSearchParams();
  const returnTo = returnToOf(search.get('returnTo'));
  const query = usePaymentConfigurations(productType);
  const product = t(PRODUCT_TYPE_INFO[productType].nameKey);

  return (
    <Stack gap="md" data-testid="buy-credits-page">
      {returnTo ? (
        <div>
          {/* A plain link: the app link would carry this page's ?returnTo over to the result. */}
          <Button
            component={Link}
            to={returnTo}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            data-testid="buy-credits-back"
          >
            {t('common.backToResult')}
          </Button>
        </div>
      ) : null}
      <PageHeader
        title={t('page.buyCredits.title')}
        description={t('billing.choice.description', { product })}
        actions={query.data?.provider === 'sandbox' ? <SandboxBadge /> : undefined}
      />
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : query.isError ? (
        <ErrorState
          title={t('billing.choice.loadError')}
          message={apiErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <Group gap="xs">
            <IconCoins size={18} aria-hidden />
            <Text data-testid="buy-credits-balance">
              {t('billing.choice.balance', {
                balance: t('shell.credits', {
                  count: query.data.creditBalance,
                  formatted: formatNumber(query.data.creditBalance, 0),
                }),
              })}
            </Text>
          </Group>
          {query.data.provider === 'sandbox' ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconFlask aria-hidden />}
              title={t('billing.sandbox.badge')}
              data-testid="buy-credits-sandbox-notice"
            >
              {t('billing.sandbox.notice')}
            </Alert>
          ) : null}
          {query.data.provider === null ? (
            <Alert
              color="gray"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              data-testid="buy-credits-unavailable"
            >
              {t('billing.unavailable')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {query.data.configurations.map((configuration) => (
              <PackageCard
                key={configuration.id}
                configuration={configuration}
                returnTo={returnTo}
                salesContactEmail={query.data.salesContactEmail}
                trialEndsAt={query.data.trialEndsAt}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('billing.choice.footnote')}
          </Text>
        </>
      )}
    </Stack>
  );
}
