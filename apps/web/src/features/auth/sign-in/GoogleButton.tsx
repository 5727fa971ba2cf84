// "Sign in with Google", shown only when the server has a Google client configured: the server starts the code flow
// and names Google's URL; the answer comes back to /login/google (a page of the evaluator app).
import { useState } from 'react';
import { isProductType } from '@bq/domain/product-types';
import { documentNavigation } from '../../../lib/document-navigation';
import { useTexts } from '../../../participant/texts';
import { startGoogleSignIn } from './sign-in-api';
import { redirectUrlOfPage } from './sign-in-outcome';
import classes from './sign-in.module.css';

export function GoogleButton({ onError }: { onError: (error: unknown) => void }) {
  const { t } = useTexts();
  const [leaving, setLeaving] = useState(false);
  const start = () => {
    const productType = new URLSearchParams(window.location.search).get('productType') ?? '';
    const redirectUrl = redirectUrlOfPage();
    setLeaving(true);
    startGoogleSignIn({ ...(isProductType(productType) ? { productType } : {}), ...(redirectUrl ? { redirectUrl } : {}) }).then(
      (answer) => documentNavigation.assign(answer.authorizationUrl),
      (error: unknown) => {
        setLeaving(false);
        onError(error);
      },
    );
  };
  return (
    <>
      <p className={classes.divider}>{t('login.google.or')}</p>
      <button type="button" className={`p-button p-button-default ${classes.wide}`} onClick={start} disabled={leaving} aria-busy={leaving || undefined} data-testid="google-sign-in">
        {t('login.google.button')}
      </button>
    </>
  );
}
