// POST /api/q/{token}/submit: hands the answers in (OPENED -> FILLED). The page shows failures in place.
// The page sends a key of its own drawing (docs/decisions/0063): the answer sets it as the HttpOnly cookie that alone
// lets this browser give its self-identification, and a retry after a lost answer sends the same key to get it back.
import type { TAnswerProgress } from '@bq/contracts/questionnaire';
import { api } from '../../../lib/api-client';

/** 32 random bytes as base64url: drawn once per page, kept in memory only. */
export function newParticipantKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function submitQuestionnaire(instanceToken: string, participantKey: string): Promise<TAnswerProgress> {
  return api.post<TAnswerProgress>(`/api/q/${encodeURIComponent(instanceToken)}/submit`, { participantKey });
}
