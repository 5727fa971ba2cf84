// Shown on the login page in place of the password when the address's domain signs in through its account's own
// identity provider (docs/decisions/0046): one button that leaves for the provider.
import { Alert, Button, Stack } from '@mantine/core';
import { IconBuildingSkyscraper, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/notify';
import { useStartSsoSignIn } from '../api/sso-sign-in';

interface SsoContinueProps {
  email: string;
  /** Which start call: OpenID Connect (docs/decisions/0046) or SAML (docs/decisions/0050). */
  protocol?: 'OIDC' | 'SAML';
  redirectUrl?: string;
  onUsePassword: () => void;
}

export function SsoContinue({ email, protocol = 'OIDC', redirectUrl, onUsePassword }: SsoContinueProps) {
  const { t } = useTranslation();
  const start = useStartSsoSignIn(protocol);
  return (
    <Stack gap="sm" data-testid="sso-continue">
      <Alert color="blue" icon={<IconBuildingSkyscraper aria-hidden />}>
        {t('sso.login.hint')}
      </Alert>
      {start.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(start.error)}
        </Alert>
      ) : null}
      <Button
        fullWidth
        loading={start.isPending || start.isSuccess}
        leftSection={<IconLogin2 size={18} aria-hidden />}
        onClick={() => start.mutate({ email, ...(redirectUrl ? { redirectUrl } : {}) })}
        data-testid="sso-continue-button"
      >
        {t('sso.login.continue')}
      </Button>
      <Button variant="subtle" size="xs" onClick={onUsePassword}>
        {t('sso.login.otherAddress')}
      </Button>
    </Stack>
  );
}
