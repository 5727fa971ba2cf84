// /settings/market-history (admins): the market history the risk dashboards use, and the upload of a new one.
// Users without READ on BQ_ADMIN/ALL see a notice instead. The history is shared by every account, so only a
// platform operator gets the upload; account admins see the status and who can replace it.
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { hasAdminPermission } from '../../../lib/admin-access';
import { ApiError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useMarketHistory } from '../api/get-market-history';
import { MarketHistoryForbidden } from '../components/MarketHistoryForbidden';
import { MarketHistoryImportForm } from '../components/MarketHistoryImportForm';
import { MarketHistoryStatus } from '../components/MarketHistoryStatus';

export function MarketHistorySettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const mayRead = hasAdminPermission(user, 'READ');
  const status = useMarketHistory({ enabled: mayRead });

  if (!mayRead || (status.error instanceof ApiError && status.error.status === 403)) {
    return <MarketHistoryForbidden />;
  }
  return (
    <div data-testid="market-history-page">
      <SettingsSection title={t('page.settingsMarketHistory.title')} description={t('marketHistory.lead')}>
        <Stack gap="xl">
          {status.data ? (
            <MarketHistoryStatus status={status.data} />
          ) : status.isError ? (
            <ErrorState
              title={t('marketHistory.loadFailed')}
              message={t('ERROR_GENERAL')}
              onRetry={() => void status.refetch()}
            />
          ) : (
            <Loader size="sm" aria-label={t('common.loading')} />
          )}
          {user.platformOperator ? (
            <Stack gap="sm">
              <Title order={3} fz="h4">
                {t('marketHistory.import.title')}
              </Title>
              <MarketHistoryImportForm />
            </Stack>
          ) : (
            <Alert
              variant="light"
              color="blue"
              icon={<IconInfoCircle aria-hidden />}
              title={t('marketHistory.operatorOnly.title')}
              data-testid="market-history-operator-only"
            >
              {t('marketHistory.operatorOnly.text')}
            </Alert>
          )}
        </Stack>
      </SettingsSection>
    </div>
  );
}
