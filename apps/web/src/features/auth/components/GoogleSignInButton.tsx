// "Sign in with Google" on the login page, shown only when the server has a Google client configured. It leaves
// for the issuer's authorization endpoint; the answer comes back to /login/google.
import { Button, Divider } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProductType } from '@bq/domain/product-types';
import { useSystemConfig } from '../../../lib/api/get-system-config';
import { startGoogleSignIn } from '../google-flow';

export function GoogleSignInButton() {
  const { t } = useTranslation();
  const { data: config } = useSystemConfig();
  const [searchParams] = useSearchParams();
  const settings = config?.googleSignIn;
  if (!settings) return null;
  const productType = searchParams.get('productType') ?? '';
  const redirectUrl = searchParams.get('redirectUrl') ?? undefined;
  const start = () => {
    window.location.assign(
      startGoogleSignIn(settings, { ...(isProductType(productType) ? { productType } : {}), ...(redirectUrl ? { redirectUrl } : {}) }),
    );
  };
  return (
    <>
      <Divider label={t('login.google.or')} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={start}
        data-testid="google-sign-in"
      >
        {t('login.google.button')}
      </Button>
    </>
  );
}
