// The report's dimensions in order, under a short note on how to read the T scale.
import { Stack, Text, Title } from '@mantine/core';
import type { TReportDimension } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import { ReportDimension } from './ReportDimension';

export function ReportDimensions({
  dimensions,
  texts,
}: {
  dimensions: TReportDimension[];
  texts: DocumentTexts;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby="report-dimensions-title">
      <Title order={2} fz="h3" id="report-dimensions-title">
        {documentText(texts, 'report.section.dimensions')}
      </Title>
      <Text size="sm" c="dimmed">
        {documentText(texts, 'report.dimensions.howToRead')}
      </Text>
      {dimensions.map((dimension) => (
        <ReportDimension key={dimension.key} dimension={dimension} texts={texts} />
      ))}
    </Stack>
  );
}
