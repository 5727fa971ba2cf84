// GET and POST /api/q/{token}/self-identification: the optional step after submitting a selection or performance
// questionnaire (docs/decisions/0051). Public; the instance token is the credential.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSelfIdentificationForm, TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { api } from '../../../lib/api-client';

const key = (instanceToken: string) => ['questionnaire', instanceToken, 'self-identification'] as const;
const path = (instanceToken: string) => `/api/q/${encodeURIComponent(instanceToken)}/self-identification`;

export const selfIdentificationQueryOptions = (instanceToken: string) =>
  queryOptions({
    queryKey: key(instanceToken),
    queryFn: ({ signal }) => api.get<TSelfIdentificationForm>(path(instanceToken), { signal }),
    staleTime: Infinity,
  });

export function useSelfIdentificationForm(instanceToken: string) {
  return useQuery(selfIdentificationQueryOptions(instanceToken));
}

export function useSaveSelfIdentification(instanceToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSelfIdentificationRequest) => api.post<{ saved: true }>(path(instanceToken), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(instanceToken) }),
  });
}
