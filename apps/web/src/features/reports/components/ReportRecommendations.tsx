// What follows from the profile, in the order the server ranks it: a numbered list of titled recommendations.
import { List, Stack, Text, Title } from '@mantine/core';
import type { TReportContent } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';

interface ReportRecommendationsProps {
  items: TReportContent['recommendations'];
  texts: DocumentTexts;
}

export function ReportRecommendations({ items, texts }: ReportRecommendationsProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-recommendations-title">
      <Title order={2} fz="h3" id="report-recommendations-title">
        {documentText(texts, 'report.section.recommendations')}
      </Title>
      {items.length > 0 ? (
        <List type="ordered" spacing="md" data-testid="report-recommendations">
          {items.map((item) => (
            <List.Item key={item.key} data-key={item.key}>
              <Text fw={600}>{item.title}</Text>
              <Text size="sm">{item.text}</Text>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text data-testid="report-recommendations">{documentText(texts, 'report.noRecommendations')}</Text>
      )}
    </Stack>
  );
}
