// POST /api/instance/{token}/decision: a person's decision on a selection or performance result (issue 25). The
// answer (the whole history) replaces the cached dashboard's evidence at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDashboard } from '@bq/contracts/dashboard';
import type { TRecordDecisionRequest, TResultDecisions } from '@bq/contracts/fairness';
import { api } from '../../../lib/api-client';
import { dashboardQueryKey } from './get-dashboard';

export function recordDecision(token: string, request: TRecordDecisionRequest): Promise<TResultDecisions> {
  return api.post<TResultDecisions>(`/api/instance/${encodeURIComponent(token)}/decision`, request);
}

export function useRecordDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TRecordDecisionRequest) => recordDecision(token, request),
    onSuccess: (decisions) => {
      queryClient.setQueryData<TDashboard>(dashboardQueryKey(token), (dashboard) =>
        dashboard ? { ...dashboard, evidence: { ...dashboard.evidence, decisions } } : dashboard,
      );
    },
  });
}
