// POST /api/signup and /api/signup/selfassessment, after the pre-sign-up check. The answer is the same whether or
// not the address has an account; the mail tells its owner which it is.
import { useMutation } from '@tanstack/react-query';
import type { TSignupRequest, TSignupResponse } from '@bq/contracts/signup';
import { api } from '../../../lib/api-client';
import { preSignup, type SignupKind } from './pre-signup';

export function signup(kind: SignupKind, request: TSignupRequest): Promise<TSignupResponse> {
  const { productType: _productType, ...rest } = request;
  return kind === 'bqa' ? api.post<TSignupResponse>('/api/signup', request) : api.post<TSignupResponse>('/api/signup/selfassessment', rest);
}

export function useSignup() {
  return useMutation({
    mutationFn: async ({ kind, request }: { kind: SignupKind; request: TSignupRequest }) => {
      await preSignup(kind, request);
      return signup(kind, request);
    },
    meta: { showsOwnError: true },
  });
}
