// GET /api/q?token=: the participant's questionnaire, opened by the invite link's instance token (public, no
// sign-in): the interaction without its scoring, every text in the client's language, the answers saved so far.
// Plain fetch, no query library: the participant entry stays small (docs/decisions/0054-participant-entry.md).
import type { TQuestionnaire } from '@bq/contracts/questionnaire';
import { api } from '../../../lib/api-client';

export function fetchQuestionnaire(instanceToken: string, signal?: AbortSignal): Promise<TQuestionnaire> {
  return api.get<TQuestionnaire>('/api/q', { query: { token: instanceToken }, signal });
}
