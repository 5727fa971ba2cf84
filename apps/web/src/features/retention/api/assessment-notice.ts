// GET and PUT /api/account/assessment-notice: the account's contact and own text in the notice before a selection,
// performance or self-assessment questionnaire (docs/decisions/0053).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssessmentNoticeSettings, TAssessmentNoticeSettingsResponse } from '@bq/contracts/assessment-notice';
import { api } from '../../../lib/api-client';

export const assessmentNoticeKey = ['retention', 'assessment-notice'] as const;

export function useAssessmentNoticeSettings() {
  return useQuery({
    queryKey: assessmentNoticeKey,
    queryFn: () => api.get<TAssessmentNoticeSettingsResponse>('/api/account/assessment-notice'),
  });
}

export function useUpdateAssessmentNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssessmentNoticeSettings) => api.put<TAssessmentNoticeSettingsResponse>('/api/account/assessment-notice', body),
    onSuccess: (data) => queryClient.setQueryData(assessmentNoticeKey, data),
  });
}
