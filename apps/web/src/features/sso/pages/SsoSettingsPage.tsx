// /settings/sso: the account's single sign-on with its own OpenID Connect provider (account admins).
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSsoSettings } from '../api/sso-settings';
import { SsoSettingsForm } from '../components/SsoSettingsForm';

export function SsoSettingsPage() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  return (
    <SettingsSection title={t('page.settingsSso.title')} description={t('sso.settings.lead')}>
      {settings.isPending ? (
        <Skeleton height={240} />
      ) : settings.isError ? (
        <ErrorState title={t('sso.settings.errorTitle')} message={t('sso.settings.errorText')} onRetry={() => void settings.refetch()} />
      ) : (
        <SsoSettingsForm settings={settings.data} />
      )}
    </SettingsSection>
  );
}
