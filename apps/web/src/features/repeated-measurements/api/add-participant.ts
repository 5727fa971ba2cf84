// POST /api/admin/repeated_measurement/{id}/interaction: adds a participant (a new measurement for the client);
// 409 error.repeated_measurement.open_measurement when their current one is not finished (a toast).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddParticipantRequest, TAddParticipantResponse } from '@bq/contracts/repeated-measurements';
import { api } from '../../../lib/api-client';
import { participantsQueryKey } from './get-participants';

export function useAddParticipant(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAddParticipantRequest) =>
      api.post<TAddParticipantResponse>(`/api/admin/repeated_measurement/${encodeURIComponent(campaignId)}/interaction`, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsQueryKey(campaignId) }),
  });
}
