// The events of one filter, newest first: loading, error and empty states, a table on wide screens and cards below
// (where the table would be cut), and "Load older events" for the next keyset page. A refused filter (an action
// nobody records) says so in its own words instead of "could not be loaded". Used by Settings > Audit trail and a client's
// Access history.
import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useAuditEvents, type AuditFilter } from '../api/list-audit-events';
import { AuditEventCards } from './AuditEventCards';
import { AuditEventTable } from './AuditEventTable';
import classes from './AuditEventsPanel.module.css';

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
    // A 400 is the filter's fault, not the server's: its own text, and no "try again" that would fail the same way.
    const refused = events.error instanceof ApiError && events.error.status === 400;
    const key = refused ? errorKeyToTranslationKey((events.error as ApiError).errorKey) : null;
    return (
      <ErrorState
        title={refused ? t('audit.list.refusedTitle') : t('audit.list.errorTitle')}
        message={key ? t(key) : t('audit.list.errorText')}
        onRetry={refused ? undefined : () => void events.refetch()}
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
      <Box className={classes.table}>
        <AuditEventTable events={rows} />
      </Box>
      <Box className={classes.cards}>
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
