// Sign in with Google, code flow: POST /api/oauth/google/start answers Google's URL (the browser leaves for it);
// POST /api/oauth/google with Google's answer (the query of /login/google) signs in and names the path to go to.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGoogleSignInResponse, TGoogleSignInStartRequest, TGoogleSignInStartResponse } from '@bq/contracts/google-sign-in';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';

export function startGoogleSignIn(body: TGoogleSignInStartRequest): Promise<TGoogleSignInStartResponse> {
  return api.post<TGoogleSignInStartResponse>('/api/oauth/google/start', body, { skipLoginRedirect: true });
}

export function signInWithGoogle(callbackQuery: string): Promise<TGoogleSignInResponse> {
  return api.post<TGoogleSignInResponse>('/api/oauth/google', { callbackQuery }, { skipLoginRedirect: true });
}

export function useSignInWithGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithGoogle,
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.removeQueries({ queryKey: currentUserQueryKey }),
  });
}
