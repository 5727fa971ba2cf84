// GET /api/user/2fa/step-up (which factors the dialog offers) and POST /api/user/2fa/step-up with a code or a
// passkey's answer to POST /api/user/2fa/step-up/passkey-options (docs/decisions/0045), or the password of a user
// without a factor (docs/decisions/0064).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TStepUpFactorsResponse, TStepUpResponse, TWebAuthnOptions } from '@bq/contracts/passkeys';
import { api } from '../../../lib/api-client';
import { getPasskeyAssertion } from '../../../lib/passkey-ceremony';

export const stepUpFactorsQueryKey = ['two-factor', 'step-up'] as const;

export function useStepUpFactors(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: stepUpFactorsQueryKey, queryFn: () => api.get<TStepUpFactorsResponse>('/api/user/2fa/step-up'), enabled }),
  );
}

async function stepUp(proof: { code: string } | { password: string } | { passkey: true }): Promise<TStepUpResponse> {
  if ('code' in proof) return api.post<TStepUpResponse>('/api/user/2fa/step-up', { code: proof.code });
  if ('password' in proof) return api.post<TStepUpResponse>('/api/user/2fa/step-up', { password: proof.password });
  const options = await api.post<TWebAuthnOptions>('/api/user/2fa/step-up/passkey-options');
  const passkey = await getPasskeyAssertion(options);
  return api.post<TStepUpResponse>('/api/user/2fa/step-up', { passkey });
}

/** Errors stay with the dialog (shown inside it), not as a toast behind it. */
export function useStepUp() {
  return useMutation({ mutationFn: stepUp, meta: { showsOwnError: true } });
}
