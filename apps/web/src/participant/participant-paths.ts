// The paths the participant entry renders (the server sends participant.html for them, the dev server too).
import type { ReportContentType } from '../features/reports/api/get-report-content';

const QUESTIONNAIRE_PATH = /^\/q\/([^/]+)\/?$/;
const CERTIFICATE_VERIFICATION_PATH = /^\/verify\/certificate\/([^/]+)\/?$/;
const REPORT_DOWNLOAD_PATH = /^\/report\/([^/]+)\/download\/?$/;
const DEMO_PASSWORD_PATH = /^\/demo\/password-set\/([^/]+)\/?$/;
/** The public report: /performance/report (bqp), /bqa/report, /bqaRecommendations/report. */
const REPORT_PATH = /^\/(performance|bqa|bqaRecommendations)\/report\/([^/]+)\/?$/;
const CERTIFICATE_PATH = /^\/bqp\/certificate\/([^/]+)\/?$/;
export const PARTICIPANT_PATH = new RegExp(
  [QUESTIONNAIRE_PATH, CERTIFICATE_VERIFICATION_PATH, REPORT_DOWNLOAD_PATH, DEMO_PASSWORD_PATH, REPORT_PATH, CERTIFICATE_PATH]
    .map((path) => path.source)
    .join('|'),
);

const REPORT_TYPES: Record<string, ReportContentType> = {
  performance: 'bqp',
  bqa: 'bqa',
  bqaRecommendations: 'bqaRecommendations',
};

export type ParticipantPage =
  | { page: 'questionnaire'; instanceToken: string }
  | { page: 'certificateVerification'; certificateToken: string }
  | { page: 'reportDownload'; reportDownloadToken: string }
  | { page: 'demoPassword'; instanceToken: string }
  | { page: 'report'; reportType: ReportContentType; instanceToken: string }
  | { page: 'certificate'; instanceToken: string };

export function participantPage(pathname: string): ParticipantPage | null {
  const token = (path: RegExp) => {
    const match = path.exec(pathname);
    return match ? decodeURIComponent(match[1]!) : null;
  };
  const questionnaire = token(QUESTIONNAIRE_PATH);
  if (questionnaire !== null) return { page: 'questionnaire', instanceToken: questionnaire };
  const verification = token(CERTIFICATE_VERIFICATION_PATH);
  if (verification !== null) return { page: 'certificateVerification', certificateToken: verification };
  const download = token(REPORT_DOWNLOAD_PATH);
  if (download !== null) return { page: 'reportDownload', reportDownloadToken: download };
  const demo = token(DEMO_PASSWORD_PATH);
  if (demo !== null) return { page: 'demoPassword', instanceToken: demo };
  const report = REPORT_PATH.exec(pathname);
  if (report)
    return { page: 'report', reportType: REPORT_TYPES[report[1]!]!, instanceToken: decodeURIComponent(report[2]!) };
  const certificate = token(CERTIFICATE_PATH);
  if (certificate !== null) return { page: 'certificate', instanceToken: certificate };
  return null;
}
