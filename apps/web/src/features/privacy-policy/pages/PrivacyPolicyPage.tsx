// /settings/privacy: the account's privacy policy per locale, which participants see before they answer. Anyone
// signed in may read it here; changing it needs PRIVACY_POLICY_DATA (UPDATE).
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@bq/domain/permissions';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { usePrivacyPolicy } from '../api/get-privacy-policy';
import { PrivacyPolicyForm } from '../components/PrivacyPolicyForm';

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const policy = usePrivacyPolicy(user.accountId);
  const canEdit = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'PRIVACY_POLICY_DATA', action: 'UPDATE' });
  return (
    <SettingsSection title={t('page.settingsPrivacy.title')} description={t('settings.privacy.lead')}>
      {policy.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={180} />
        </Stack>
      ) : policy.isError ? (
        <ErrorState
          title={t('privacyPolicy.errorTitle')}
          message={t('privacyPolicy.errorText')}
          onRetry={() => void policy.refetch()}
        />
      ) : (
        <Stack gap="md">
          {/* Participants then read the platform's default notice (docs/decisions/0033); say so, to add one's own. */}
          {policy.data.policies.length === 0 ? (
            <Alert color="yellow" variant="light" data-testid="privacy-policy-none">
              {t('settings.privacy.none')}
            </Alert>
          ) : null}
          <PrivacyPolicyForm key={user.accountId} policy={policy.data} canEdit={canEdit} />
        </Stack>
      )}
    </SettingsSection>
  );
}
