// POST /api/user/2fa/totp: a new secret with its QR code; not in force until a code confirms it.
import { useMutation } from '@tanstack/react-query';
import type { TStartTotpEnrolmentResponse } from '@bq/contracts/two-factor';
import { api } from '../../../lib/api-client';

export function startTotpEnrolment(): Promise<TStartTotpEnrolmentResponse> {
  return api.post<TStartTotpEnrolmentResponse>('/api/user/2fa/totp');
}

export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: startTotpEnrolment });
}
