// /login as its own light entry (docs/decisions/0085): the same sign-in as the evaluator app's page had (password,
// the second factor, passkeys, single sign-on, Google, the demo logins, the language picker), in plain elements on
// Preact, so a phone shows it fast. Under a firm's own host its logo and name are on top (the server writes them
// into the page). Signed in, the evaluator app loads where the server says.
import { useEffect, useState } from 'react';
import type { TLoginResponse } from '@bq/contracts/auth';
import type { TSystemConfig } from '@bq/contracts/system';
import { HostBrand } from '../../branding/components/HostBrand';
import { useTexts } from '../../../participant/texts';
import { LanguageSelect } from './LanguageSelect';
import { PasskeyButton } from './PasskeyButton';
import { PasswordStep } from './PasswordStep';
import { SecondFactorStep } from './SecondFactorStep';
import { SsoStep } from './SsoStep';
import { GoogleButton } from './GoogleButton';
import { continueSignedIn, redirectUrlOfPage, useErrorText } from './sign-in-outcome';
import classes from './sign-in.module.css';

type Step = { kind: 'password' } | { kind: 'secondFactor' } | { kind: 'sso'; email: string; protocol: 'OIDC' | 'SAML' };

/** A provider's callback page sends the browser here for the second factor (`?secondFactor=1`). */
function firstStep(): Step {
  return new URLSearchParams(window.location.search).get('secondFactor') === '1' ? { kind: 'secondFactor' } : { kind: 'password' };
}

function PlatformMark() {
  const { t } = useTexts();
  return (
    <>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--p-primary-dark)" />
        <path d="M9 8h7.5a4.5 4.5 0 0 1 2.9 7.9A4.8 4.8 0 0 1 17 24H9zm3 3v4h4.3a2 2 0 0 0 0-4zm0 7v3h4.8a1.5 1.5 0 0 0 0-3z" fill="#fff" />
      </svg>
      <span>{t('app.name')}</span>
    </>
  );
}

export function SignInPage({ config }: { config: TSystemConfig | null }) {
  const { t } = useTexts();
  const errorText = useErrorText();
  const [step, setStep] = useState<Step>(firstStep);
  const [problem, setProblem] = useState<{ error: unknown; fallbackKey?: string } | null>(null);
  const redirectUrl = redirectUrlOfPage();
  useEffect(() => {
    document.title = `${t('page.login.title')} · ${t('app.name')}`;
  }, [t]);
  useEffect(() => {
    // The marker of the provider's hand-over does not stay in the address (a reload starts at the password).
    const url = new URL(window.location.href);
    if (url.searchParams.has('secondFactor')) {
      url.searchParams.delete('secondFactor');
      window.history.replaceState(window.history.state, '', url.pathname + url.search);
    }
  }, []);
  const onError = (error: unknown, fallbackKey?: string) => setProblem({ error, fallbackKey });
  const onAnswer = (answer: TLoginResponse) => {
    setProblem(null);
    if ('secondFactorRequired' in answer) setStep({ kind: 'secondFactor' });
    else continueSignedIn(answer.redirectUrl);
  };
  const restart = () => setStep({ kind: 'password' });
  return (
    <main className={classes.page}>
      <div className={classes.column}>
        <div className={classes.brand}>
          <HostBrand fallback={<PlatformMark />} />
        </div>
        <section className={classes.card} aria-labelledby="sign-in-title">
          <div className={classes.heading}>
            <h1 id="sign-in-title">{t('login.title')}</h1>
            <p className="p-dimmed p-small">{t('login.lead')}</p>
          </div>
          {problem ? (
            <p className="p-alert" role="alert" data-testid="sign-in-error">
              {errorText(problem.error, problem.fallbackKey)}
            </p>
          ) : null}
          {step.kind === 'secondFactor' ? (
            <SecondFactorStep onError={onError} onRestart={restart} />
          ) : step.kind === 'sso' ? (
            <SsoStep email={step.email} protocol={step.protocol} redirectUrl={redirectUrl} onUsePassword={restart} />
          ) : (
            <PasswordStep demoMode={config?.demoMode === true} redirectUrl={redirectUrl} onAnswer={onAnswer} onError={onError} onSso={(email, protocol) => setStep({ kind: 'sso', email, protocol })} />
          )}
          <PasskeyButton step="passwordless" label={t('login.passkey')} onError={onError} />
          <div className={classes.links}>
            <a href="/password/recovery">{t('login.forgotPassword')}</a>
            <a href="/signup/ext" className={classes.strong}>
              {t('login.createAccount')}
            </a>
          </div>
          {config?.googleSignIn ? <GoogleButton onError={onError} /> : null}
        </section>
        <div className={classes.bottom}>
          <LanguageSelect />
          {config ? <span className={classes.version}>{t('app.version', { version: config.version })}</span> : null}
        </div>
      </div>
    </main>
  );
}
