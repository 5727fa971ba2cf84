// E-mail and password sign-in. Validates with the login request schema, loaded once the user types (zod stays off
// the login page's first load); server errors arrive as toasts (wrong credentials, too many attempts); success
// continues to the server-approved redirectUrl. When the answer says secondFactorRequired (or Google sign-in sent
// the browser here saying so), the second step asks for the code in place of the password form. Once the e-mail is
// entered, an address whose domain signs in through its account's provider gets that button instead of the password.
import { lazy, Suspense, useState } from 'react';
import { Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { useSystemConfig } from '../../../lib/api/get-system-config';
import { importWithTimeout } from '../../../lib/lazy-import';
import { useAppNavigate } from '../../../lib/navigation';
import { useZodForm } from '../../../lib/zod-form';
import { useLogin } from '../api/login';
import type { LoginField } from '../login-schema';

const EMPTY: Record<LoginField, string> = { email: '', password: '' };
const SecondFactorForm = lazy(() =>
  importWithTimeout(() => import('./SecondFactorForm')).then((module) => ({ default: module.SecondFactorForm })),
);
// Only the embedded demo shows its sign-ins: a real deployment's login page does not carry them.
const DemoLoginHint = lazy(() => importWithTimeout(() => import('./DemoLoginHint')).then((module) => ({ default: module.DemoLoginHint })));
// Loaded only for an address whose domain signs in through its provider: the login page stays within its budget.
const SsoContinue = lazy(() =>
  importWithTimeout(() => import('../../sso/components/SsoContinue')).then((module) => ({ default: module.SsoContinue })),
);
const loadLoginSchema = () =>
  importWithTimeout(() => import('../login-schema')).then((module) => module.ZLoginForm);

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [searchParams] = useSearchParams();
  const { data: config } = useSystemConfig();
  const form = useZodForm(loadLoginSchema, EMPTY);
  const login = useLogin();
  const location = useLocation();
  const [secondFactor, setSecondFactor] = useState(() => (location.state as { secondFactor?: boolean } | null)?.secondFactor === true);
  const redirectUrl = searchParams.get('redirectUrl') ?? undefined;
  // The address whose domain signs in through its provider (null: the password, as before).
  const [ssoEmail, setSsoEmail] = useState<string | null>(null);
  const [ssoProtocol, setSsoProtocol] = useState<'OIDC' | 'SAML'>('OIDC');
  const checkSso = (email: string) => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return;
    // The single sign-on calls load on the first lookup, not with the login page.
    importWithTimeout(() => import('../../sso/api/sso-sign-in'))
      .then((module) => module.lookupSignInMethod(email.trim()))
      .then((answer) => {
        setSsoProtocol(answer.protocol ?? 'OIDC');
        setSsoEmail(answer.method === 'SSO' ? email.trim() : null);
      })
      .catch(() => setSsoEmail(null));
  };

  const submit = form.handleSubmit((credentials) => {
    login.mutate(
      { ...credentials, redirectUrl },
      {
        onSuccess: (response) => {
          if ('secondFactorRequired' in response) setSecondFactor(true);
          else navigate(safeRedirectPath(response.redirectUrl), { replace: true });
        },
        onError: () => checkSso(credentials.email),
      },
    );
  });

  if (secondFactor) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label={t('login.secondFactor.loading')} />}>
        <SecondFactorForm
          onRestart={() => {
            form.setValues({ password: '' });
            setSecondFactor(false);
          }}
        />
      </Suspense>
    );
  }

  if (ssoEmail) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
        <SsoContinue email={ssoEmail} protocol={ssoProtocol} redirectUrl={redirectUrl} onUsePassword={() => setSsoEmail(null)} />
      </Suspense>
    );
  }

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate aria-label={t('login.formLabel')}>
        <Stack gap="md">
          <TextInput
            label={t('login.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            {...form.inputProps('email')}
            onBlur={(event) => checkSso(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            {...form.inputProps('password')}
          />
          <Button
            type="submit"
            fullWidth
            loading={login.isPending}
            leftSection={<IconLogin2 size={18} aria-hidden />}
          >
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      {config?.demoMode ? (
        <Suspense fallback={null}>
          <DemoLoginHint onUse={(demo) => form.setValues({ email: demo.email, password: demo.password })} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
