// POST /api/start/verify: the verification mail's token, sent when the visitor confirms on the page (not on opening
// the link, which mail scanners do); the answer names the questionnaire to open.
import { useMutation } from '@tanstack/react-query';
import type { TPublicVerifyResponse } from '@bq/contracts/public-links';
import { api } from '../../../lib/api-client';

export function verifyPublicStart(token: string): Promise<TPublicVerifyResponse> {
  return api.post<TPublicVerifyResponse>('/api/start/verify', { token });
}

export function useVerifyPublicStart() {
  return useMutation({ mutationFn: verifyPublicStart, meta: { showsOwnError: true } });
}
