// In the send dialog: tells the adviser when the account has no privacy policy, so the participant will read the
// platform's default notice instead (issue 22 point 17). Says nothing while loading or on an error.
import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccountPrivacyPolicy } from '../api/get-account-privacy-policy';

export function NoPrivacyPolicyNotice({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const policy = useAccountPrivacyPolicy(accountId);
  if (!policy.data || policy.data.policies.length > 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconShieldLock aria-hidden />} data-testid="send-no-privacy-policy">
      {t('interactions.send.noPrivacyPolicy')}
    </Alert>
  );
}
