// In place of the password when the address's domain signs in through its account's own identity provider
// (docs/decisions/0046, 0050): one button that leaves for the provider, and the way back to another address.
import { useState } from 'react';
import { documentNavigation } from '../../../lib/document-navigation';
import { useTexts } from '../../../participant/texts';
import { startSsoSignIn } from './sign-in-api';
import { useErrorText } from './sign-in-outcome';
import classes from './sign-in.module.css';

interface SsoStepProps {
  email: string;
  protocol: 'OIDC' | 'SAML';
  redirectUrl?: string;
  onUsePassword: () => void;
}

export function SsoStep({ email, protocol, redirectUrl, onUsePassword }: SsoStepProps) {
  const { t } = useTexts();
  const errorText = useErrorText();
  const [state, setState] = useState<{ pending: boolean; error?: unknown }>({ pending: false });
  const start = () => {
    setState({ pending: true });
    startSsoSignIn(protocol, { email, ...(redirectUrl ? { redirectUrl } : {}) }).then(
      // The browser leaves for the provider; it comes back to /login/sso (OIDC) or posts to the ACS (SAML).
      (answer) => documentNavigation.assign(answer.authorizationUrl),
      (error: unknown) => setState({ pending: false, error }),
    );
  };
  return (
    <div className={classes.form} data-testid="sso-continue">
      <p className={classes.info}>{t('sso.login.hint')}</p>
      {state.error ? (
        <p className="p-alert" role="alert">
          {errorText(state.error)}
        </p>
      ) : null}
      <button type="button" className={`p-button ${classes.wide}`} onClick={start} disabled={state.pending} aria-busy={state.pending || undefined} data-testid="sso-continue-button">
        {t('sso.login.continue')}
      </button>
      <button type="button" className="p-link-button" onClick={onUsePassword}>
        {t('sso.login.otherAddress')}
      </button>
    </div>
  );
}
