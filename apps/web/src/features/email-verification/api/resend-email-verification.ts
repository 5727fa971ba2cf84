// GET /api/email/verification/resend: a new verification link for the signed-in user (at most one a minute), or,
// with an address and no session, "a link is on its way if that address needs one" (the same answer for any address).
import { useMutation } from '@tanstack/react-query';
import type { TEmailVerificationResendResponse } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';

export function resendEmailVerification(email?: string): Promise<TEmailVerificationResendResponse> {
  return api.get<TEmailVerificationResendResponse>('/api/email/verification/resend', email ? { query: { email } } : {});
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: (email?: string) => resendEmailVerification(email), meta: { showsOwnError: true } });
}
