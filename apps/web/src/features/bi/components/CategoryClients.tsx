// The clients behind a category: bucket filters (any of them), search, group, pages; names as the viewer's
// anonymisation shows them, each row linking to the result it was counted with.
import { useState } from 'react';
import { Anchor, Badge, Chip, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TBiCategory } from '@bq/contracts/bi';
import type { ClientGroup } from '@bq/domain/client-rules';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { ErrorState } from '../../../components/ui/ErrorState';
import { clientDisplayName } from '../../../lib/client-display-name';
import { useFormat } from '../../../lib/formats';
import { useBiCategoryClients } from '../api/get-bi-category-clients';

const PAGE_SIZE = 20;

interface Props {
  productType: ProductType;
  category: TBiCategory;
  locale: Locale;
  group: ClientGroup | null;
}

export function CategoryClients({ productType, category, locale, group }: Props) {
  const { t } = useTranslation();
  const { formatDate, formatNumber } = useFormat();
  const [filter, setFilter] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const clients = useBiCategoryClients(productType, category.key, {
    locale,
    filter,
    q,
    group,
    page,
    pageSize: PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil((clients.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="sm">
      <Chip.Group
        multiple
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
      >
        <Group gap="xs" role="group" aria-label={t('biPage.clients.filter')}>
          {category.buckets.map((b) => (
            <Chip key={b.key} value={b.key} size="sm" data-testid={`bi-filter-${b.key}`}>
              {b.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <TextInput
        label={t('biPage.clients.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w="100%"
        maw={360}
      />
      {clients.data && clients.data.lockedNotIncluded > 0 ? (
        <Text size="sm" c="dimmed" data-testid="bi-clients-locked">
          {t('biPage.lockedNotIncluded', { count: clients.data.lockedNotIncluded })}
        </Text>
      ) : null}
      {clients.isError ? (
        <ErrorState
          title={t('biPage.clients.error')}
          message={t('biPage.errorMessage')}
          onRetry={() => void clients.refetch()}
        />
      ) : !clients.data ? (
        <Text c="dimmed">{t('biPage.loading')}</Text>
      ) : clients.data.items.length === 0 ? (
        <Text c="dimmed" data-testid="bi-clients-empty">
          {t('biPage.clients.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
            <Table striped withTableBorder data-testid="bi-clients">
              <Table.Caption>
                {t('biPage.clients.caption', { total: formatNumber(clients.data.total, 0) })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('biPage.clients.name')}</Table.Th>
                  <Table.Th scope="col">{category.label}</Table.Th>
                  <Table.Th scope="col">{t('biPage.clients.group')}</Table.Th>
                  <Table.Th scope="col">{t('biPage.clients.finished')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {clients.data.items.map((c) => (
                  <Table.Tr key={c.token}>
                    <Table.Td>
                      <Anchor
                        component={AppLink}
                        to={`/${productType}/client/${c.token}/dashboard/${c.resultToken}`}
                        fw={600}
                      >
                        {clientDisplayName(c)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{c.bucketLabel}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={c.group === 'ESTABLISHED' ? 'teal' : 'blue'}>
                        {t(`biPage.group.${c.group}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(c.finishedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
