// /settings/audit: the account's audit trail for compliance officers (BQ_ADMIN/AUDIT_LOG/READ): filter by client,
// user, action, outcome and period, newest first, "Load more" for the next keyset page (docs/decisions/0039).
import { useState } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@bq/domain/permissions';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { EMPTY_AUDIT_FILTER, useAuditEvents, type AuditFilter } from '../api/list-audit-events';
import { AuditEventTable } from '../components/AuditEventTable';
import { AuditFilters } from '../components/AuditFilters';

export function AuditTrailPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' });
  return (
    <SettingsSection title={t('page.settingsAudit.title')} description={t('audit.lead')}>
      {allowed ? (
        <AuditTrailContent />
      ) : (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('audit.forbidden.title')}>
          {t('audit.forbidden.text')}
        </Alert>
      )}
    </SettingsSection>
  );
}

function AuditTrailContent() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_AUDIT_FILTER);
  const events = useAuditEvents(filter);
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Stack gap="lg">
      <AuditFilters onApply={setFilter} />
      {events.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : events.isError ? (
        <ErrorState
          title={t('audit.list.errorTitle')}
          message={t('audit.list.errorText')}
          onRetry={() => void events.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="audit-empty">
          {t('audit.list.empty')}
        </Text>
      ) : (
        <>
          <AuditEventTable events={rows} />
          {events.hasNextPage ? (
            <Button
              variant="default"
              onClick={() => void events.fetchNextPage()}
              loading={events.isFetchingNextPage}
              data-testid="audit-more"
            >
              {t('audit.list.more')}
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  );
}
