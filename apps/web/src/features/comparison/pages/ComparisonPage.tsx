// /{productName}/comparison: the clients chosen from the client list or a client's page, side by side: their
// profiles (chart and table), their similarity to the first client and what drives it. Needs
// INDIVIDUAL_COMPARISON/READ in the product's realm.
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProductType, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { ApiError } from '../../../lib/api-client';
import { clearComparison, removeFromComparison, useComparison } from '../../../lib/comparison-store';
import { useLocale } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/notify';
import { useComparisonQuery } from '../api/get-comparison';
import { ComparisonClientTable } from '../components/ComparisonClientTable';
import { ComparisonDrivers } from '../components/ComparisonDrivers';
import { ComparisonProfiles } from '../components/ComparisonProfiles';

export function ComparisonPage() {
  const { productName = '' } = useParams();
  const user = useSignedInUser();
  const { t } = useTranslation();
  if (!isProductType(productName)) return null;
  const allowed = hasProductPermission(user, productName, 'INDIVIDUAL_COMPARISON', 'READ');
  return (
    <Stack gap="lg">
      <PageHeader title={t('page.comparison.title')} description={t('comparison.lead')} />
      {allowed ? (
        <Comparison productType={productName} />
      ) : (
        <NoticePanel
          icon={<IconLock aria-hidden />}
          title={t('comparison.noPermission.title')}
          text={t('comparison.noPermission.text')}
          testId="comparison-no-permission"
          headingOrder={2}
          centered={false}
        />
      )}
    </Stack>
  );
}

function Comparison({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useComparison(productType);
  const tokens = state.clients.map((c) => c.token);
  const query = useComparisonQuery(productType, tokens, locale);

  if (tokens.length < 2) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="comparison-empty">
        <Stack gap="sm" align="flex-start">
          <IconUsers size={32} aria-hidden />
          <Text fw={600}>{t('comparison.empty.title')}</Text>
          <Text>{t('comparison.empty.text')}</Text>
          {state.clients.length === 1 ? (
            <Text data-testid="comparison-one-client">
              {t('comparison.empty.one', { name: state.clients[0]!.name })}
            </Text>
          ) : null}
          <Button component={AppLink} to={`/product/${productType}`}>
            {t('comparison.empty.toClients')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  if (query.isError && !query.data) {
    const error = query.error;
    const failing =
      error instanceof ApiError
        ? error.fields.find((f) => f.path.startsWith('clientToken.'))?.path.slice('clientToken.'.length)
        : undefined;
    const failingName = state.clients.find((c) => c.token === failing)?.name;
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('comparison.loadFailed')}
        data-testid="comparison-error"
      >
        <Stack gap="xs">
          <Text size="sm">
            {failingName ? `${failingName}: ${apiErrorMessage(error)}` : apiErrorMessage(error)}
          </Text>
          <Group gap="sm">
            {failing ? (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => removeFromComparison(productType, failing)}
              >
                {t('comparison.clients.remove', { name: failingName ?? '' })}
              </Button>
            ) : null}
            <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  if (!query.data) {
    return <Text role="status">{t('common.loading')}</Text>;
  }

  return (
    <Stack gap="lg" data-testid="comparison">
      <Paper withBorder radius="md" p="lg">
        <ComparisonClientTable comparison={query.data} selected={state.selected} productType={productType} />
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('comparison.clients.count', { count: state.clients.length, max: query.data.maxClients })}
          </Text>
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => clearComparison(productType)}>
            {t('comparison.clear')}
          </Button>
        </Group>
      </Paper>
      <ComparisonProfiles comparison={query.data} selected={state.selected} />
      <ComparisonDrivers comparison={query.data} />
      <Text size="sm" c="dimmed">
        {t('comparison.method')}
      </Text>
    </Stack>
  );
}
