// Search, filters and sort of the client list; every change goes to the URL through `onChange`.
import { ActionIcon, Checkbox, Group, Input, NativeSelect, SegmentedControl, Stack, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_SORTS, INTERACTION_STATUSES } from '@bq/contracts/clients';
import { CLIENT_GROUPS } from '@bq/domain/client-rules';
import { CLIENT_STATUS_FILTERS, REVIEW_DUE_PARAMS, type ClientListSearch } from '../client-list-search';

const ALL = '';

interface ClientListToolbarProps {
  search: ClientListSearch;
  onChange: (change: Partial<ClientListSearch>) => void;
  searchInput: ReactNode;
  /** A risk product with yearly reviews: the "review due" filter is offered (decision 0093). */
  reviewable?: boolean;
  /** The advisory products check portfolios against the profile (decision 0091). */
  showPortfolioFilter?: boolean;
}

export function ClientListToolbar({ search, onChange, searchInput, reviewable = false, showPortfolioFilter = false }: ClientListToolbarProps) {
  const { t } = useTranslation();
  const groupLabelId = useId();
  const nextOrder = search.order === 'asc' ? 'desc' : 'asc';
  const orderLabel = t(
    search.order === 'asc' ? 'clients.list.order.ascending' : 'clients.list.order.descending',
  );

  return (
    <Group align="flex-end" gap="md" wrap="wrap" data-testid="client-list-toolbar" role="search">
      {searchInput}
      <Stack gap={4}>
        <Input.Label labelElement="div" id={groupLabelId}>
          {t('clients.list.filter.group')}
        </Input.Label>
        <SegmentedControl
          aria-labelledby={groupLabelId}
          value={search.group ?? ALL}
          onChange={(value) => onChange({ group: CLIENT_GROUPS.find((group) => group === value) ?? null })}
          data={[
            { value: ALL, label: t('clients.list.filter.all') },
            ...CLIENT_GROUPS.map((group) => ({ value: group, label: t(`clientGroup.${group}`) })),
          ]}
          data-testid="client-filter-group"
        />
      </Stack>
      <NativeSelect
        label={t('clients.list.filter.status')}
        value={search.status}
        onChange={(event) =>
          onChange({ status: CLIENT_STATUS_FILTERS.find((s) => s === event.currentTarget.value) ?? 'ACTIVE' })
        }
        data={CLIENT_STATUS_FILTERS.map((status) => ({
          value: status,
          label: t(`clients.status.${status}`),
        }))}
        data-testid="client-filter-status"
      />
      <NativeSelect
        label={t('clients.list.filter.interactionStatus')}
        value={search.interactionStatus ?? ALL}
        onChange={(event) =>
          onChange({
            interactionStatus: INTERACTION_STATUSES.find((s) => s === event.currentTarget.value) ?? null,
          })
        }
        data={[
          { value: ALL, label: t('clients.list.filter.anyStatus') },
          ...INTERACTION_STATUSES.map((status) => ({
            value: status,
            label: t(`interactionStatus.${status}`),
          })),
        ]}
        data-testid="client-filter-interaction-status"
      />
      <Checkbox
        label={t('clients.list.filter.websiteLeads')}
        checked={search.source === 'WEBSITE'}
        onChange={(event) => onChange({ source: event.currentTarget.checked ? 'WEBSITE' : null })}
        mb={8}
        data-testid="client-filter-website-leads"
      />
      {reviewable ? (
        <NativeSelect
          label={t('review.filter')}
          value={search.reviewDue ?? ALL}
          onChange={(event) => onChange({ reviewDue: REVIEW_DUE_PARAMS.find((f) => f === event.currentTarget.value) ?? null })}
          data={[
            { value: ALL, label: t('review.filter.any') },
            ...REVIEW_DUE_PARAMS.map((f) => ({ value: f, label: t(`review.filter.${f}`) })),
          ]}
          data-testid="client-filter-review-due"
        />
      ) : null}
      {showPortfolioFilter ? (
        <Checkbox
          label={t('clients.list.filter.portfolioAboveProfile')}
          checked={search.portfolioAboveProfile}
          onChange={(event) => onChange({ portfolioAboveProfile: event.currentTarget.checked })}
          mb={8}
          data-testid="client-filter-portfolio-above"
        />
      ) : null}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <NativeSelect
          label={t('clients.list.sort.label')}
          value={search.sort}
          onChange={(event) =>
            onChange({ sort: CLIENT_SORTS.find((s) => s === event.currentTarget.value) ?? 'lastActivity' })
          }
          data={CLIENT_SORTS.map((sort) => ({ value: sort, label: t(`clients.list.sort.${sort}`) }))}
          data-testid="client-sort"
        />
        <Tooltip label={orderLabel}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={t('clients.list.order.toggle', { order: orderLabel })}
            onClick={() => onChange({ order: nextOrder })}
            data-testid="client-sort-order"
            data-order={search.order}
          >
            {search.order === 'asc' ? (
              <IconSortAscending size={18} aria-hidden />
            ) : (
              <IconSortDescending size={18} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
