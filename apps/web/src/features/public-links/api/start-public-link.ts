// POST /api/start/{publicId}: the visitor's name and address; the answer says where the verification link went.
import { useMutation } from '@tanstack/react-query';
import type { TPublicStartRequest, TPublicStartResponse } from '@bq/contracts/public-links';
import { api } from '../../../lib/api-client';

export function startPublicLink(publicId: string, request: TPublicStartRequest): Promise<TPublicStartResponse> {
  return api.post<TPublicStartResponse>(`/api/start/${encodeURIComponent(publicId)}`, request);
}

export function useStartPublicLink(publicId: string) {
  return useMutation({
    mutationFn: (request: TPublicStartRequest) => startPublicLink(publicId, request),
    meta: { showsOwnError: true },
  });
}
