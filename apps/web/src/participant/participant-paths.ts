// The paths the participant entry renders (the server sends participant.html for them, the dev server too).
const QUESTIONNAIRE_PATH = /^\/q\/([^/]+)\/?$/;
const CERTIFICATE_VERIFICATION_PATH = /^\/verify\/certificate\/([^/]+)\/?$/;
const CERTIFICATE_PATH = /^\/bqp\/certificate\/([^/]+)\/?$/;
export const PARTICIPANT_PATH = new RegExp(
  [QUESTIONNAIRE_PATH, CERTIFICATE_VERIFICATION_PATH, CERTIFICATE_PATH].map((path) => path.source).join('|'),
);

export type ParticipantPage =
  | { page: 'questionnaire'; instanceToken: string }
  | { page: 'certificateVerification'; certificateToken: string }
  | { page: 'certificate'; instanceToken: string };

export function participantPage(pathname: string): ParticipantPage | null {
  const questionnaire = QUESTIONNAIRE_PATH.exec(pathname);
  if (questionnaire) return { page: 'questionnaire', instanceToken: decodeURIComponent(questionnaire[1]!) };
  const verification = CERTIFICATE_VERIFICATION_PATH.exec(pathname);
  if (verification)
    return { page: 'certificateVerification', certificateToken: decodeURIComponent(verification[1]!) };
  const certificate = CERTIFICATE_PATH.exec(pathname);
  if (certificate) return { page: 'certificate', instanceToken: decodeURIComponent(certificate[1]!) };
  return null;
}
