// /settings/branding: the firm's look on everything its clients see, and its own sender (account admins).
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useBranding, useSenderSettings } from '../api/branding-settings';
import { BrandingForm } from '../components/BrandingForm';
import { SenderForm } from '../components/SenderForm';

export function BrandingSettingsPage() {
  const { t } = useTranslation();
  const branding = useBranding();
  const sender = useSenderSettings();
  const failed = branding.isError || sender.isError;
  return (
    <>
      <SettingsSection title={t('page.settingsBranding.title')} description={t('branding.settings.lead')}>
        {failed ? (
          <ErrorState
            title={t('branding.settings.errorTitle')}
            message={t('branding.settings.errorText')}
            onRetry={() => void Promise.all([branding.refetch(), sender.refetch()])}
          />
        ) : branding.isPending ? (
          <Skeleton height={320} />
        ) : (
          <BrandingForm branding={branding.data} />
        )}
      </SettingsSection>
      {sender.data ? (
        <SettingsSection title={t('branding.sender.title')} description={t('branding.sender.lead')}>
          <SenderForm sender={sender.data} />
        </SettingsSection>
      ) : null}
    </>
  );
}
