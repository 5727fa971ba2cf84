// The sign-in page's calls without a query library (its light entry, docs/decisions/0085): the same requests the
// evaluator app makes. Their 401s mean wrong credentials, a wrong code or a refused passkey, never "go to the login
// page", so the client's redirect rule is off for each.
import type { TLoginRequest, TLoginResponse, TLoginSuccess } from '@bq/contracts/auth';
import type { TGoogleSignInStartRequest, TGoogleSignInStartResponse } from '@bq/contracts/google-sign-in';
import type { TWebAuthnOptions } from '@bq/contracts/passkeys';
import type { TSsoLookupResponse, TSsoStartRequest, TSsoStartResponse } from '@bq/contracts/sso';
import type { TSystemConfig } from '@bq/contracts/system';
import type { TLoginSecondFactorRequest } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { getPasskeyAssertion } from '../../../lib/passkey-ceremony';

const quiet = { skipLoginRedirect: true };

export const fetchSystemConfig = () => api.get<TSystemConfig>('/api/system/config');

export const login = (request: TLoginRequest) => api.post<TLoginResponse>('/api/login', request, quiet);

export const loginSecondFactor = (request: TLoginSecondFactorRequest) => api.post<TLoginSuccess>('/api/login/2fa', request, quiet);

export async function signInWithPasskey(step: 'passwordless' | 'second_factor', redirectUrl?: string): Promise<TLoginSuccess> {
  const options = await api.post<TWebAuthnOptions>('/api/login/passkey/options', { step }, quiet);
  const response = await getPasskeyAssertion(options);
  return api.post<TLoginSuccess>('/api/login/passkey', { step, response, redirectUrl }, quiet);
}

export const lookupSignInMethod = (email: string) => api.get<TSsoLookupResponse>('/api/sso/lookup', { query: { email }, ...quiet });

export const startSsoSignIn = (protocol: 'OIDC' | 'SAML', body: TSsoStartRequest) =>
  api.post<TSsoStartResponse>(protocol === 'SAML' ? '/api/sso/saml/start' : '/api/sso/oidc/start', body, quiet);

export const startGoogleSignIn = (body: TGoogleSignInStartRequest) => api.post<TGoogleSignInStartResponse>('/api/oauth/google/start', body, quiet);
