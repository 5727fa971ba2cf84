// POST /api/dashboard/{token}/consistency/resolution: records how the adviser resolved the consistency flag. The
// answer is appended to the cached dashboard at once; 400 shows on the note field, other failures as a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConsistencyResolution, TConsistencyResolutionRequest, TDashboard } from '@bq/contracts/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardQueryKey } from './get-dashboard';

export function recordConsistencyResolution(
  token: string,
  request: TConsistencyResolutionRequest,
): Promise<TConsistencyResolution> {
  return api.post<TConsistencyResolution>(
    `/api/dashboard/${encodeURIComponent(token)}/consistency/resolution`,
    request,
  );
}

export function useRecordConsistencyResolution(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TConsistencyResolutionRequest) => recordConsistencyResolution(token, request),
    meta: { showsOwnError: true },
    onSuccess: (resolution) => {
      queryClient.setQueryData<TDashboard>(dashboardQueryKey(token), (dashboard) =>
        dashboard?.risk
          ? {
              ...dashboard,
              risk: {
                ...dashboard.risk,
                consistency: {
                  ...dashboard.risk.consistency,
                  resolutions: [...dashboard.risk.consistency.resolutions, resolution],
                },
              },
            }
          : dashboard,
      );
    },
  });
}
