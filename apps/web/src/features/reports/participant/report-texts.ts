// The page texts the report page reads (participant/texts.ts loads only these, in the report's language): the
// product's name, the retry and back links, the firm's powered-by line, the toolbar and notices (`reports.`), the
// download's progress, the platform labels inside the document (risk scale, portfolio, window table, levels, the T
// scale's name) and the three page titles.
import type { ReportContentType } from '../api/get-report-content';

export const REPORT_TEXT_PREFIXES = [
  'app.name',
  'common.',
  'branding.poweredBy',
  'reports.',
  'download.',
  'results.risk.',
  'results.level.',
  'results.dimension.scaleLabel',
  'page.bqa',
  'page.performanceReport.title',
] as const;

export const REPORT_TITLE_KEYS: Record<ReportContentType, string> = {
  bqp: 'page.performanceReport.title',
  bqa: 'page.bqaReport.title',
  bqaRecommendations: 'page.bqaRecommendations.title',
};
