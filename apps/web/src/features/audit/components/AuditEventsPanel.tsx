// The events of one filter, newest first: loading, error and empty states, a table on wider screens and cards on a
// phone, and "Load older events" for the next keyset page. Used by Settings > Audit trail and a client's
// Access history.
import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useAuditEvents, type AuditFilter } from '../api/list-audit-events';
import { AuditEventCards } from './AuditEventCards';
import { AuditEventTable } from './AuditEventTable';

export function AuditEventsPanel({ filter, emptyText }: { filter: AuditFilter; emptyText: string }) {
  const { t } = useTranslation();
  const events = useAuditEvents(filter);
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  if (events.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={t('common.loading')} data-testid="audit-loading">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (events.isError) {
    return (
      <ErrorState
        title={t('audit.list.errorTitle')}
        message={t('audit.list.errorText')}
        onRetry={() => void events.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="audit-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Box visibleFrom="sm">
        <AuditEventTable events={rows} />
      </Box>
      <Box hiddenFrom="sm">
        <AuditEventCards events={rows} />
      </Box>
      {events.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void events.fetchNextPage()}
          loading={events.isFetchingNextPage}
          data-testid="audit-more"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('audit.list.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
