// POST /api/admin/repeated_measurement/{id}/interaction: adds a participant (a new measurement for the client);
// 409 error.repeated_measurement.open_measurement when their current one is not finished (a toast); 409
// error.interaction.already_open when they have an open questionnaire of the product sent outside the campaign: the
// form shows it and asks (docs/decisions/0084), so that refusal gets no toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddParticipantRequest, TAddParticipantResponse } from '@bq/contracts/repeated-measurements';
import { api } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { alreadyOpenOf } from '../../clients/interactions/api/create-instance';
import { participantsQueryKey } from './get-participants';

export function useAddParticipant(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAddParticipantRequest) =>
      api.post<TAddParticipantResponse>(`/api/admin/repeated_measurement/${encodeURIComponent(campaignId)}/interaction`, request),
    meta: { showsOwnError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsQueryKey(campaignId) }),
    onError: (error) => {
      if (!alreadyOpenOf(error)) showApiError(error);
    },
  });
}
