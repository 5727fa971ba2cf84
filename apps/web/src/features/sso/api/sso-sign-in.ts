// The login page's single sign-on calls: which method an address uses (GET /api/sso/lookup), the start of the
// provider's sign-in (POST /api/sso/oidc/start, or /api/sso/saml/start for a SAML provider) and the callback page's finish (POST /api/sso/oidc/callback).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSsoCallbackResponse, TSsoLookupResponse, TSsoStartRequest, TSsoStartResponse } from '@bq/contracts/sso';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function lookupSignInMethod(email: string): Promise<TSsoLookupResponse> {
  return api.get<TSsoLookupResponse>('/api/sso/lookup', { query: { email }, skipLoginRedirect: true });
}

export function useStartSsoSignIn(protocol: 'OIDC' | 'SAML' = 'OIDC') {
  const path = protocol === 'SAML' ? '/api/sso/saml/start' : '/api/sso/oidc/start';
  return useMutation({
    mutationFn: (body: TSsoStartRequest) => api.post<TSsoStartResponse>(path, body, { skipLoginRedirect: true }),
    // The browser leaves for the provider; it comes back to /login/sso (OIDC) or posts to the ACS (SAML).
    onSuccess: (response) => window.location.assign(response.authorizationUrl),
  });
}

export function useFinishSsoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callbackQuery: string) =>
      api.post<TSsoCallbackResponse>('/api/sso/oidc/callback', { callbackQuery }, { skipLoginRedirect: true }),
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}
