// The report's footnote: what the result was computed with (questionnaire, norms and algorithm versions, when,
// and a fingerprint of the answers), so a printed report can be traced and reproduced; then the disclaimer.
import { Stack, Text, Title } from '@mantine/core';
import type { TReportContent } from '@bq/contracts/reports';
import { formatReportDate } from '@bq/domain/report-dates';
import { useFormat } from '../../../lib/formats';
import { documentText } from '../../../lib/document-text';

const HASH_SHOWN = 12;

export function ReportEvidence({ content }: { content: TReportContent }) {
  const { locale } = useFormat();
  const { evidence, texts } = content;
  return (
    <Stack gap={6} component="footer" aria-labelledby="report-evidence-title">
      <Title order={2} fz="h5" id="report-evidence-title">
        {documentText(texts, 'report.section.evidence')}
      </Title>
      <Text size="xs" c="dimmed" data-testid="report-evidence" data-norm-status={evidence.normStatus}>
        {/* Anonymised: the month of the calculation and no answers fingerprint (it identifies the stored result). */}
        {documentText(texts, content.anonymized ? 'report.evidence.lineAnonymized' : 'report.evidence.line', {
          definition: evidence.definitionVersion,
          norm: evidence.normVersion,
          normStatus: documentText(texts, `report.evidence.normStatus.${evidence.normStatus}`),
          algorithm: evidence.algorithmVersion,
          calculated: formatReportDate(content.calculatedAt, locale),
          hash: evidence.answersHash.slice(0, HASH_SHOWN),
        })}
      </Text>
      {evidence.normStatus === 'PROVISIONAL' ? (
        <Text size="xs" c="dimmed">
          {documentText(texts, 'report.evidence.provisional')}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {documentText(texts, 'report.disclaimer')}
      </Text>
    </Stack>
  );
}
