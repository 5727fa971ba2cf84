// POST /api/q/{token}/submit: hands the answers in (OPENED -> FILLED). The cached questionnaire takes the new
// status, so opening the link again shows that it was submitted. The page shows failures in place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAnswerProgress, TQuestionnaire } from '@bq/contracts/questionnaire';
import { api } from '../../../lib/api-client';
import { questionnaireQueryKey } from './get-questionnaire';

export function submitQuestionnaire(instanceToken: string): Promise<TAnswerProgress> {
  return api.post<TAnswerProgress>(`/api/q/${encodeURIComponent(instanceToken)}/submit`);
}

export function useSubmitQuestionnaire(instanceToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitQuestionnaire(instanceToken),
    meta: { showsOwnError: true },
    onSuccess: (progress) => {
      queryClient.setQueryData<TQuestionnaire>(questionnaireQueryKey(instanceToken), (questionnaire) =>
        questionnaire
          ? { ...questionnaire, status: progress.status, answers: progress.answers }
          : questionnaire,
      );
    },
  });
}
