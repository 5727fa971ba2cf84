// POST /api/login/passkey/options, the browser's passkey prompt, then POST /api/login/passkey (docs/decisions/0045):
// `passwordless` from the login page's button, `second_factor` after the password (the bq_2fa cookie names the user).
// Its 401 means a refused passkey or an expired step, so the "401 -> login page" rule is off.
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginSuccess } from '@bq/contracts/auth';
import type { TWebAuthnOptions } from '@bq/contracts/passkeys';
import { api } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/api/get-current-user';
import { getPasskeyAssertion } from '../../../lib/passkey-ceremony';
import { currentUserQueryKey } from '../../../lib/query-keys';

export interface PasskeySignIn {
  step: 'passwordless' | 'second_factor';
  redirectUrl?: string;
}

export async function signInWithPasskey({ step, redirectUrl }: PasskeySignIn): Promise<TLoginSuccess> {
  const options = await api.post<TWebAuthnOptions>('/api/login/passkey/options', { step }, { skipLoginRedirect: true });
  const response = await getPasskeyAssertion(options);
  return api.post<TLoginSuccess>('/api/login/passkey', { step, response, redirectUrl }, { skipLoginRedirect: true });
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    // The button tells a closed prompt from a refusal.
    meta: { showsOwnError: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      notifications.clean();
      void queryClient.prefetchQuery(currentUserQueryOptions());
    },
  });
}
