// /{productName}/bi (docs/decisions/0021): the product's BI categories, a category's distribution by client group
// (chart with a table), and the clients behind it. Needs INDIVIDUAL_RESULTS READ in the product's realm.
import { Group, NativeSelect, SegmentedControl, Stack, Text, Paper, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLIENT_GROUPS, type ClientGroup } from '@bq/domain/client-rules';
import { isProductType } from '@bq/domain/product-types';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useFormat } from '../../../lib/formats';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { useBiCategories } from '../api/get-bi-categories';
import { useBiCategory } from '../api/get-bi-category';
import { CategoryClients } from '../components/CategoryClients';
import { DistributionChart } from '../components/DistributionChart';

export function BiPage() {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const user = useSignedInUser();
  const { productName } = useParams();
  const [params, setParams] = useSearchParams();
  // The route's guard renders this page only for a product of the account the user may open.
  const productType = productName && isProductType(productName) ? productName : 'BQ_RISK';
  const allowed = hasProductPermission(user, productType, 'INDIVIDUAL_RESULTS', 'READ');
  const categories = useBiCategories(productType, locale, allowed);
  const list = allowed ? (categories.data?.categories ?? []) : [];
  const key = list.some((c) => c.key === params.get('category')) ? params.get('category') : (list[0]?.key ?? null);
  const groupParam = params.get('group');
  const group = CLIENT_GROUPS.includes(groupParam as ClientGroup) ? (groupParam as ClientGroup) : null;
  const category = useBiCategory(productType, allowed ? key : null, locale, group);
  const selected = list.find((c) => c.key === key) ?? null;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('page.bi.title')} description={t('biPage.lead')} />
      {!allowed ? (
        <Text>{t('biPage.noPermission')}</Text>
      ) : categories.isError ? (
        <ErrorState title={t('biPage.error')} message={t('biPage.errorMessage')} onRetry={() => void categories.refetch()} />
      ) : !categories.data ? (
        <Text c="dimmed">{t('biPage.loading')}</Text>
      ) : (
        <Stack gap="lg">
          <Group align="flex-end" gap="lg" wrap="wrap">
            <NativeSelect
              label={t('biPage.category')}
              value={key ?? ''}
              onChange={(event) => setParam('category', event.currentTarget.value)}
              data={list.map((c) => ({ value: c.key, label: c.label }))}
              w={320}
              data-testid="bi-category"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="bi-group-label">
                {t('biPage.group.label')}
              </Text>
              <SegmentedControl
                aria-labelledby="bi-group-label"
                value={group ?? 'ALL'}
                onChange={(value) => setParam('group', value === 'ALL' ? null : value)}
                data={[
                  { value: 'ALL', label: t('biPage.group.ALL') },
                  { value: 'PROSPECT', label: t('biPage.group.PROSPECT') },
                  { value: 'ESTABLISHED', label: t('biPage.group.ESTABLISHED') },
                ]}
              />
            </Stack>
          </Group>
          {selected ? (
            <Text size="sm" c="dimmed">
              {selected.description}
            </Text>
          ) : null}
          <Paper withBorder radius="md" p="lg">
            {category.isError ? (
              <ErrorState title={t('biPage.error')} message={t('biPage.errorMessage')} onRetry={() => void category.refetch()} />
            ) : category.data ? (
              <>
                <DistributionChart data={category.data} />
                {/* Locked results are counted here only, never in a bucket (decision 0029). */}
                {category.data.lockedNotIncluded > 0 ? (
                  <Text size="sm" c="dimmed" mt="sm" data-testid="bi-locked-not-included">
                    {t('biPage.lockedNotIncluded', { count: category.data.lockedNotIncluded })}
                  </Text>
                ) : null}
              </>
            ) : (
              <Text c="dimmed">{t('biPage.loading')}</Text>
            )}
          </Paper>
          {selected ? (
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bi-clients-title">
              <Title order={2} fz="h4" id="bi-clients-title" mb="sm">
                {t('biPage.clients.title', { category: selected.label })}
              </Title>
              <CategoryClients key={`${selected.key}|${group ?? ''}`} productType={productType} category={selected} locale={locale} group={group} />
            </Paper>
          ) : null}
        </Stack>
      )}
    </>
  );
}
