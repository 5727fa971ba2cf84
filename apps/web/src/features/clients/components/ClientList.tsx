// The product's client list: toolbar, table and pagination over GET /api/participants, with its state in the
// URL. States: loading (skeleton), failed (retry), no clients at all, none matching the filters, none active.
import { Box, Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { clientListsQueryKey, useClients } from '../api/get-clients';
import { mayOnInstances } from '../interactions/instance-permissions';
import { clientDisplayName } from '../../../lib/client-display-name';
import { BulkSendBar } from '../../bulk-send/components/BulkSendBar';
import { SelectClientCheckbox } from '../../bulk-send/components/SelectClientCheckbox';
import { SelectPageCheckbox } from '../../bulk-send/components/SelectPageCheckbox';
import { useClientSelection } from '../../bulk-send/use-client-selection';
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
import { REVIEW_PRODUCT_TYPES } from '@bq/domain/yearly-review';
import { ClientSearchInput } from './ClientSearchInput';
import { ClientCardList } from './ClientCardList';
import { ClientTable } from './ClientTable';
import { MailProblemNotice } from './MailProblemNotice';
import { ClientTableSkeleton } from './ClientTableSkeleton';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';

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

  // Sending to many (features/bulk-send): tick boxes for whoever may send questionnaires in this product.
  const queryClient = useQueryClient();
  const filter = {
    q: search.q || undefined,
    group: search.group ?? undefined,
    source: search.source ?? undefined,
    status: search.status,
    interactionStatus: search.interactionStatus ?? undefined,
    // Every filter the list applies, so "everyone matching" is exactly who the list shows.
    ...(search.reviewDue ? { reviewDue: search.reviewDue } : {}),
    ...(search.portfolioAboveProfile ? { portfolioAboveProfile: true } : {}),
  };
  const selection = useClientSelection(JSON.stringify(filter));
  const maySend = mayOnInstances(product.user, product.productType, 'CREATE');
  const pageTokens = data?.items.map((client) => client.token) ?? [];

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
        <MailProblemNotice items={data.items} productWide={data.mailProblems} />
        {/* A table from the "sm" breakpoint up, cards on a phone (no sideways scrolling there). */}
        <Box visibleFrom="sm">
          <ClientTable
            items={data.items}
            productType={product.productType}
            stale={list.isPlaceholderData}
            select={
              maySend
                ? {
                    header: <SelectPageCheckbox selection={selection} tokens={pageTokens} />,
                    cell: (client) => <SelectClientCheckbox selection={selection} token={client.token} name={clientDisplayName(client)} />,
                  }
                : undefined
            }
          />
        </Box>
        <Box hiddenFrom="sm">
          <ClientCardList
            items={data.items}
            productType={product.productType}
            select={maySend ? (client) => <SelectClientCheckbox selection={selection} token={client.token} name={clientDisplayName(client)} /> : undefined}
          />
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
        showPortfolioFilter={PRODUCT_TYPE_INFO[product.productType].dashboardKind === 'BQA'}
        searchInput={
          <ClientSearchInput value={search.q} onSearch={(q) => update({ q }, { replace: true })} />
        }
        reviewable={REVIEW_PRODUCT_TYPES.includes(product.productType) && product.configuration.reviewEveryMonths > 0}
      />
      <Box mt="lg">
        {maySend && data ? (
          <BulkSendBar
            selection={selection}
            productConfigurationId={configurationId}
            filter={filter}
            total={data.total}
            totalIsLowerBound={data.totalIsLowerBound}
            onFinished={() => void queryClient.invalidateQueries({ queryKey: clientListsQueryKey })}
          />
        ) : null}
        {content}
      </Box>
    </Paper>
  );
}
