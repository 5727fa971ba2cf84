// "Sign in with Google" on the login page, shown only when the server has a Google client configured. The server
// starts the code flow (PKCE, state, nonce in its cookie) and names Google's URL; the answer comes back to /login/google.
import { useState } from 'react';
import { Button, Divider } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProductType } from '@bq/domain/product-types';
import { useSystemConfig } from '../../../lib/api/get-system-config';
import { showApiError } from '../../../lib/notify';
import { startGoogleSignIn } from '../api/sign-in-with-google';

export function GoogleSignInButton() {
  const { t } = useTranslation();
  const { data: config } = useSystemConfig();
  const [searchParams] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const settings = config?.googleSignIn;
  if (!settings) return null;
  const productType = searchParams.get('productType') ?? '';
  const redirectUrl = searchParams.get('redirectUrl') ?? undefined;
  const start = () => {
    setLeaving(true);
    startGoogleSignIn({
      ...(isProductType(productType) ? { productType } : {}),
      ...(redirectUrl ? { redirectUrl } : {}),
    })
      .then((answer) => window.location.assign(answer.authorizationUrl))
      .catch((error: unknown) => {
        setLeaving(false);
        showApiError(error);
      });
  };
  return (
    <>
      <Divider label={t('login.google.or')} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={start}
        loading={leaving}
        data-testid="google-sign-in"
      >
        {t('login.google.button')}
      </Button>
    </>
  );
}
