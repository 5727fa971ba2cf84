// POST /api/q/{token}/submit: hands the answers in (OPENED -> FILLED). The page shows failures in place.
import type { TAnswerProgress } from '@bq/contracts/questionnaire';
import { api } from '../../../lib/api-client';

export function submitQuestionnaire(instanceToken: string): Promise<TAnswerProgress> {
  return api.post<TAnswerProgress>(`/api/q/${encodeURIComponent(instanceToken)}/submit`);
}
