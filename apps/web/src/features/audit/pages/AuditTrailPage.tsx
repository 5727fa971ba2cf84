// /settings/audit: the account's audit trail for compliance officers (BQ_ADMIN/AUDIT_LOG/READ): filter by client,
// user, action, outcome and period, newest first, "Load more" for the next keyset page, and the filtered trail as a
// CSV or JSON Lines file, the check of the whole trail (docs/decisions/0071) and the compliance address that gets
// the daily signed checkpoint (docs/decisions/0039).
import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { auditFilterFrom, type AuditFilter } from '../api/list-audit-events';
import { AuditEventsPanel } from '../components/AuditEventsPanel';
import { AuditExportMenu } from '../components/AuditExportMenu';
import { AuditFilters } from '../components/AuditFilters';
import { AuditVerifyPanel } from '../components/AuditVerifyPanel';
import { ComplianceAddressForm } from '../components/ComplianceAddressForm';
import { canReadAuditLog } from '../audit-access';

export function AuditTrailPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = canReadAuditLog(user.permissions);
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
  const [params] = useSearchParams();
  // A link may open the page filtered (a client's Access history links here for exports of many clients).
  const [filter, setFilter] = useState<AuditFilter>(() => auditFilterFrom(params));
  return (
    <Stack gap="lg">
      <AuditFilters initial={filter} onApply={setFilter} />
      <AuditExportMenu filter={filter} />
      <AuditEventsPanel filter={filter} emptyText={t('audit.list.empty')} />
      <AuditVerifyPanel />
      <ComplianceAddressForm />
    </Stack>
  );
}
