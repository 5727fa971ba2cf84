// /settings/sso: the account's single sign-on with its own identity provider (account admins), over OpenID Connect
// (docs/decisions/0046) or SAML 2.0 (docs/decisions/0050); the saved protocol is shown first.
import { useEffect, useState } from 'react';
import { SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSsoSettings } from '../api/sso-settings';
import { SamlSettingsForm } from '../components/SamlSettingsForm';
import { SsoSettingsForm } from '../components/SsoSettingsForm';

export function SsoSettingsPage() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  const [protocol, setProtocol] = useState<'OIDC' | 'SAML'>('OIDC');
  const saved = settings.data?.protocol;
  useEffect(() => {
    if (saved) setProtocol(saved);
  }, [saved]);
  return (
    <SettingsSection title={t('page.settingsSso.title')} description={t('sso.settings.lead')}>
      {settings.isPending ? (
        <Skeleton height={240} />
      ) : settings.isError ? (
        <ErrorState title={t('sso.settings.errorTitle')} message={t('sso.settings.errorText')} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('sso.settings.protocol')}
            value={protocol}
            onChange={(value) => setProtocol(value as 'OIDC' | 'SAML')}
            data={[
              { value: 'OIDC', label: t('sso.settings.protocolOidc') },
              { value: 'SAML', label: t('sso.settings.protocolSaml') },
            ]}
            data-testid="sso-protocol"
          />
          {protocol === 'SAML' ? <SamlSettingsForm settings={settings.data} /> : <SsoSettingsForm settings={settings.data} />}
        </Stack>
      )}
    </SettingsSection>
  );
}
