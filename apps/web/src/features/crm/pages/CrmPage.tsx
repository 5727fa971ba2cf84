// /settings/crm: the account's CRM connections (docs/decisions/0094). An API admin connects Salesforce or HubSpot
// (OAuth in the CRM's own page; the CRM sends the browser back here with ?connected= or ?error=), maps the fields,
// syncs, retries failed clients and imports the CRM's new contacts. Others read why they cannot.
import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '@bq/domain/permissions';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useCrmConnections } from '../api/crm-queries';
import { CrmProviderCard } from '../components/CrmProviderCard';
import { crmErrorText } from '../components/crm-error-text';

export function CrmPage({ navigate = (url: string) => window.location.assign(url) }: { navigate?: (url: string) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const allowed = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' });
  return (
    <SettingsSection title={t('page.settingsCrm.title')} description={t('crm.lead')}>
      {allowed ? (
        <CrmContent navigate={navigate} />
      ) : (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('crm.forbidden.title')}>
          {t('crm.forbidden.text')}
        </Alert>
      )}
    </SettingsSection>
  );
}

function CrmContent({ navigate }: { navigate: (url: string) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const connections = useCrmConnections();
  const connected = params.get('connected');
  const error = params.get('error');
  return (
    <Stack gap="lg">
      {connected ? <Alert color="green" variant="light" data-testid="crm-connected">{t('crm.connectedText', { provider: t(`crm.provider.${connected.toUpperCase()}`) })}</Alert> : null}
      {error ? <Alert color="red" variant="light" title={t('crm.connectFailed')} data-testid="crm-connect-error">{crmErrorText(t, error)}</Alert> : null}
      {connections.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : connections.isError ? (
        <ErrorState title={t('crm.list.errorTitle')} message={t('crm.list.errorText')} onRetry={() => void connections.refetch()} />
      ) : (
        connections.data.connections.map((c) => <CrmProviderCard key={c.provider} connection={c} onNavigate={navigate} />)
      )}
    </Stack>
  );
}
