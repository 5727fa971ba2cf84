// The ways the questionnaire can be over for the participant, and which API errors mean which one.
import { ApiError } from '../../lib/api-client';

export type QuestionnaireEnd = 'submitted' | 'alreadySubmitted' | 'expired' | 'closed' | 'notFound';

/** The end an error means (404, 409, 410), or null for errors worth retrying or reporting. */
export function questionnaireEndOf(error: unknown): QuestionnaireEnd | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'notFound';
  if (error.status === 409 && error.errorKey === 'error.interaction.already_submitted')
    return 'alreadySubmitted';
  if (error.status === 410) return error.errorKey === 'error.interaction.closed' ? 'closed' : 'expired';
  return null;
}
