// /settings/security: the signed-in user's second factor (TOTP): turn it on with an authenticator app, see how many
// recovery codes are left, turn it off with the password and a code (docs/decisions/0040); passkeys (0045); for the account admin, the
// account's requirement and the members' factors (docs/decisions/0042).
import { useState } from 'react';
import { Alert, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { hasPermission } from '@bq/domain/permissions';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useTotpStatus } from '../api/get-totp-status';
import { AccountSecuritySection } from '../components/AccountSecuritySection';
import { DisableTotpForm } from '../components/DisableTotpForm';
import { PasskeysSection } from '../components/PasskeysSection';
import { RecoveryCodesPanel } from '../components/RecoveryCodesPanel';
import { TotpEnrolment } from '../components/TotpEnrolment';

export function SecuritySettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // The account section for whoever manages the account's users (the server checks the same permission).
  const isAccountAdmin = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' });
  const status = useTotpStatus();
  return (
    <Stack gap="lg">
      <SettingsSection title={t('page.settingsSecurity.title')} description={t('settings.security.lead')}>
        <SecurityContent />
      </SettingsSection>
      <SettingsSection title={t('passkeys.title')}>
        <PasskeysSection />
      </SettingsSection>
      {isAccountAdmin && !status.data?.enrolmentOverdue ? (
        <SettingsSection title={t('accountSecurity.sectionTitle')} description={t('accountSecurity.sectionLead')}>
          <AccountSecuritySection />
        </SettingsSection>
      ) : null}
    </Stack>
  );
}

function SecurityContent() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  // Held here, not in the enrolment: the status turns "on" at once, and the codes must stay until the user is done.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (status.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton height={24} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (status.isError) {
    return <ErrorState title={t('twoFactor.errorTitle')} message={t('twoFactor.errorText')} onRetry={() => void status.refetch()} />;
  }
  if (!status.data.enabled) return <TotpEnrolment onConfirmed={setRecoveryCodes} />;
  return (
    <Stack gap="lg">
      <Alert color="green" variant="light" icon={<IconShieldCheck aria-hidden />} title={t('twoFactor.on')} data-testid="totp-on">
        <Text size="sm">{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</Text>
      </Alert>
      <Divider />
      <Title order={3} fz="h4">
        {t('twoFactor.disable.title')}
      </Title>
      <DisableTotpForm />
    </Stack>
  );
}
