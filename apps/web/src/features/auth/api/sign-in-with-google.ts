// POST /api/oauth/google?productType=: signs in with the ID token; the answer names the same-site path to go to.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGoogleSignInRequest, TGoogleSignInResponse } from '@bq/contracts/google-sign-in';
import type { ProductType } from '@bq/domain/product-types';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function signInWithGoogle(request: TGoogleSignInRequest & { productType?: ProductType }): Promise<TGoogleSignInResponse> {
  const { productType, ...body } = request;
  return api.post<TGoogleSignInResponse>('/api/oauth/google', body, { query: { productType }, skipLoginRedirect: true });
}

export function useSignInWithGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithGoogle,
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}
