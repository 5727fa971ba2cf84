// The paths the participant entry renders (the server sends participant.html for them, the dev server too).
import type { ReportContentType } from '../features/reports/api/get-report-content';

const QUESTIONNAIRE_PATH = /^\/q\/([^/]+)\/?$/;
const CERTIFICATE_VERIFICATION_PATH = /^\/verify\/certificate\/([^/]+)\/?$/;
/** The public report: /performance/report (bqp), /bqa/report, /bqaRecommendations/report. */
const REPORT_PATH = /^\/(performance|bqa|bqaRecommendations)\/report\/([^/]+)\/?$/;
export const PARTICIPANT_PATH = new RegExp(
  [QUESTIONNAIRE_PATH, CERTIFICATE_VERIFICATION_PATH, REPORT_PATH].map((path) => path.source).join('|'),
);

const REPORT_TYPES: Record<string, ReportContentType> = {
  performance: 'bqp',
  bqa: 'bqa',
  bqaRecommendations: 'bqaRecommendations',
};

export type ParticipantPage =
  | { page: 'questionnaire'; instanceToken: string }
  | { page: 'certificateVerification'; certificateToken: string }
  | { page: 'report'; reportType: ReportContentType; instanceToken: string };

export function participantPage(pathname: string): ParticipantPage | null {
  const questionnaire = QUESTIONNAIRE_PATH.exec(pathname);
  if (questionnaire) return { page: 'questionnaire', instanceToken: decodeURIComponent(questionnaire[1]!) };
  const verification = CERTIFICATE_VERIFICATION_PATH.exec(pathname);
  if (verification)
    return { page: 'certificateVerification', certificateToken: decodeURIComponent(verification[1]!) };
  const report = REPORT_PATH.exec(pathname);
  if (report)
    return { page: 'report', reportType: REPORT_TYPES[report[1]!]!, instanceToken: decodeURIComponent(report[2]!) };
  return null;
}
