// E-mail and password (docs/decisions/0085: the light entry's version of LoginForm). Checked as the login request's
// schema checks them (filled in, an e-mail address) before anything is sent; a refusal shows the server's reason. Once
// the e-mail is entered, an address whose domain signs in through its account's provider gets that step instead.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TLoginResponse } from '@bq/contracts/auth';
import { useTexts } from '../../../participant/texts';
import { DemoLogins } from './DemoLogins';
import { Field } from './Field';
import { login, lookupSignInMethod } from './sign-in-api';
import classes from './sign-in.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface PasswordStepProps {
  demoMode: boolean;
  redirectUrl?: string;
  onAnswer: (answer: TLoginResponse) => void;
  onError: (error: unknown) => void;
  onSso: (email: string, protocol: 'OIDC' | 'SAML') => void;
}

export function PasswordStep({ demoMode, redirectUrl, onAnswer, onError, onSso }: PasswordStepProps) {
  const { t } = useTexts();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a check that found something: the first field with a message takes the focus.
  const [checked, setChecked] = useState(0);
  useEffect(() => {
    if (checked) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);
  const checkSso = (value: string) => {
    if (!EMAIL.test(value.trim())) return;
    lookupSignInMethod(value.trim()).then(
      (answer) => answer.method === 'SSO' && onSso(value.trim(), answer.protocol ?? 'OIDC'),
      () => undefined,
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      email: !email.trim() ? t('validation.required') : !EMAIL.test(email.trim()) || email.length > 254 ? t('validation.email') : undefined,
      password: !password ? t('validation.required') : undefined,
    };
    setErrors(next);
    if (next.email || next.password) {
      setChecked((count) => count + 1);
      return;
    }
    setPending(true);
    login({ email: email.trim(), password, redirectUrl }).then(onAnswer, (error: unknown) => {
      setPending(false);
      onError(error);
      checkSso(email);
    });
  };
  return (
    <div className={classes.form}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('login.formLabel')} className={classes.form}>
        <Field
          label={t('login.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onBlur={(event) => checkSso(event.currentTarget.value)}
        />
        <Field
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <button type="submit" className={`p-button ${classes.wide}`} disabled={pending} aria-busy={pending || undefined}>
          {t('login.submit')}
        </button>
      </form>
      {demoMode ? (
        <DemoLogins
          onUse={(demo) => {
            setEmail(demo.email);
            setPassword(demo.password);
            setErrors({});
          }}
        />
      ) : null}
    </div>
  );
}
