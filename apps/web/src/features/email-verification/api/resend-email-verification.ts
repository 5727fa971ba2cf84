// GET /api/email/verification/resend: a new verification link for the signed-in user (at most one a minute).
import { useMutation } from '@tanstack/react-query';
import type { TEmailVerificationResendResponse } from '@bq/contracts/mail';
import { api } from '../../../lib/api-client';

export function resendEmailVerification(): Promise<TEmailVerificationResendResponse> {
  return api.get<TEmailVerificationResendResponse>('/api/email/verification/resend');
}

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification, meta: { showsOwnError: true } });
}
