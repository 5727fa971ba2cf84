// POST /api/user/2fa/passkeys/registration-options, the browser's prompt, then POST /api/user/2fa/passkeys: one
// mutation, so the page has one pending state for the whole registration.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPasskey, TWebAuthnOptions } from '@bq/contracts/passkeys';
import { api } from '../../../lib/api-client';
import { createPasskeyCredential } from '../../../lib/passkey-ceremony';
import { twoFactorQueryPrefix } from './list-passkeys';

export async function registerPasskey(name: string): Promise<TPasskey> {
  const options = await api.post<TWebAuthnOptions>('/api/user/2fa/passkeys/registration-options');
  const response = await createPasskeyCredential(options);
  return api.post<TPasskey>('/api/user/2fa/passkeys', { name, response });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    // The form tells a closed prompt from a refusal (PasskeysSection).
    meta: { showsOwnError: true },
    // A passkey may lift the account's enrolment requirement, which the TOTP status carries.
    // Every two-factor query: the list, the enrolment requirement (TOTP status) and the account's members' factors.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryPrefix }),
  });
}
