// Below the list: which rows are shown of how many, rows per page, and the pages.
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';
import { PAGE_SIZES, type ClientListSearch } from '../client-list-search';

interface ClientListPaginationProps {
  page: number;
  pageSize: ClientListSearch['pageSize'];
  total: number;
  /** More clients match than `total` (a broad search counts only up to a limit). */
  totalIsLowerBound?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: ClientListSearch['pageSize']) => void;
}

export function ClientListPagination({
  page,
  pageSize,
  total,
  totalIsLowerBound = false,
  onPage,
  onPageSize,
}: ClientListPaginationProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const whole = (value: number) => formatNumber(value, 0);

  return (
    <Group
      justify="space-between"
      align="center"
      gap="md"
      wrap="wrap"
      mt="md"
      data-testid="client-list-pagination"
    >
      <Group gap="md" align="center">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="client-list-range">
          {t(totalIsLowerBound ? 'clients.list.rangeMoreThan' : 'clients.list.range', {
            from: whole(from),
            to: whole(to),
            total: whole(total),
          })}
        </Text>
        <NativeSelect
          size="xs"
          label={t('clients.list.pageSize')}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { fontWeight: 400 } }}
          value={String(pageSize)}
          onChange={(event) =>
            onPageSize(PAGE_SIZES.find((size) => String(size) === event.currentTarget.value) ?? 20)
          }
          data={PAGE_SIZES.map((size) => String(size))}
          data-testid="client-list-page-size"
        />
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        hideWithOnePage
        size="sm"
        role="navigation"
        aria-label={t('clients.list.pages')}
        getControlProps={(control) => ({ 'aria-label': t(`clients.list.pageControl.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('clients.list.pageItem', { page: item }) })}
      />
    </Group>
  );
}
