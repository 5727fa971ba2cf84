// PUT /api/q/{token}/answers: saves answers as they are given (merged on the server; null removes one). The
// autosaver queues and retries the calls and shows their state itself.
import type { TAnswerProgress, TSaveAnswersRequest } from '@bq/contracts/questionnaire';
import { api } from '../../../lib/api-client';

export type AnswerChanges = TSaveAnswersRequest['answers'];

/** A save hanging on a bad connection counts as failed (and is retried) after this long. */
const SAVE_TIMEOUT_MS = 20_000;

export function saveAnswers(instanceToken: string, answers: AnswerChanges): Promise<TAnswerProgress> {
  return api.put<TAnswerProgress>(
    `/api/q/${encodeURIComponent(instanceToken)}/answers`,
    { answers },
    { signal: AbortSignal.timeout(SAVE_TIMEOUT_MS) },
  );
}
