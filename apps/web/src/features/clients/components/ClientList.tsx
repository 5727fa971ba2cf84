// The product's client list: toolbar, table and pagination over GET /api/participants, with its state in the
// URL. States: loading (skeleton), failed (retry), no clients at all, none matching the filters, none active.
import { Box, Paper } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useClients } from '../api/get-clients';
import {
  DEFAULT_CLIENT_LIST_SEARCH,
  hasClientListFilters,
  parseClientListSearch,
  toClientListQuery,
  writeClientListSearch,
  type ClientListSearch,
} from '../client-list-search';
import type { ClientProduct } from '../use-client-product';
import { ClientListEmptyState } from './ClientListEmptyState';
import { ClientListNoMatch } from './ClientListNoMatch';
import { ClientListPagination } from './ClientListPagination';
import { ClientListToolbar } from './ClientListToolbar';
import { ClientSearchInput } from './ClientSearchInput';
import { ClientCardList } from './ClientCardList';
import { ClientTable } from './ClientTable';
import { ClientTableSkeleton } from './ClientTableSkeleton';

export function ClientList({ product }: { product: ClientProduct }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseClientListSearch(searchParams);
  const configurationId = product.configuration.id;
  const list = useClients(toClientListQuery(search, configurationId));
  const data = list.data;
  const filtered = hasClientListFilters(search);
  // An empty default view may still hide deactivated clients: one more look (one row) tells the two apart.
  const emptyDefaultView = !filtered && data?.total === 0 && !list.isPlaceholderData;
  const anyClient = useClients(
    { ...toClientListQuery(DEFAULT_CLIENT_LIST_SEARCH, configurationId), status: 'ALL', pageSize: 1 },
    { enabled: emptyDefaultView },
  );

  const update = (change: Partial<ClientListSearch>, options: { replace?: boolean } = {}) => {
    // Any change but paging starts again at the first page.
    const page = change.page ?? 1;
    setSearchParams(
      (previous) => writeClientListSearch(previous, { ...parseClientListSearch(previous), ...change, page }),
      {
        replace: options.replace ?? false,
      },
    );
  };
  const reset = () =>
    update({
      ...DEFAULT_CLIENT_LIST_SEARCH,
      sort: search.sort,
      order: search.order,
      pageSize: search.pageSize,
    });

  let content;
  if (list.isPending) {
    content = <ClientTableSkeleton />;
  } else if (list.isError && !data) {
    content = (
      <ErrorState
        title={t('clients.list.loadFailed.title')}
        message={t('clients.list.loadFailed.text')}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (data && data.total === 0 && emptyDefaultView) {
    if (anyClient.data && anyClient.data.total > 0) {
      content = (
        <ClientListNoMatch
          reason="all-inactive"
          onReset={reset}
          onShowAll={() => update({ status: 'ALL' })}
        />
      );
    } else if (anyClient.data || anyClient.isError) {
      return <ClientListEmptyState product={product} />;
    } else {
      content = <ClientTableSkeleton />;
    }
  } else if (data && data.total === 0) {
    content = (
      <ClientListNoMatch reason="filters" onReset={reset} onShowAll={() => update({ status: 'ALL' })} />
    );
  } else if (data) {
    content = (
      <>
        {/* A table from the "sm" breakpoint up, cards on a phone (no sideways scrolling there). */}
        <Box visibleFrom="sm">
          <ClientTable items={data.items} productType={product.productType} stale={list.isPlaceholderData} />
        </Box>
        <Box hiddenFrom="sm">
          <ClientCardList items={data.items} productType={product.productType} />
        </Box>
        <ClientListPagination
          page={search.page}
          pageSize={search.pageSize}
          total={data.total}
          totalIsLowerBound={data.totalIsLowerBound}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      </>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="client-list">
      <ClientListToolbar
        search={search}
        onChange={(change) => update(change)}
        searchInput={
          <ClientSearchInput value={search.q} onSearch={(q) => update({ q }, { replace: true })} />
        }
      />
      <Box mt="lg">{content}</Box>
    </Paper>
  );
}
