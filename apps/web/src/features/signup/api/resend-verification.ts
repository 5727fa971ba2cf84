// GET /api/email/verification/resend?email=: a new verification link if that address needs one (same answer for any).
import { useMutation } from '@tanstack/react-query';
import type { TEmailVerificationResendResponse } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';

export function resendVerification(email?: string): Promise<TEmailVerificationResendResponse> {
  return api.get<TEmailVerificationResendResponse>('/api/email/verification/resend', email ? { query: { email } } : {});
}

export function useResendVerification() {
  return useMutation({ mutationFn: (email?: string) => resendVerification(email) });
}
