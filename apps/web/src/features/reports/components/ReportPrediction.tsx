// The prediction of the report (investment style or performance outlook): the most likely class with its
// probability and description, then every class's probability, and a note when the model is still provisional.
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TReportContent } from '@bq/contracts/reports';
import { useFormat } from '../../../lib/formats';
import { formatPercent } from '../../results/result-formats';
import { documentText, type DocumentTexts } from '../../../lib/document-text';

type ReportPredictionData = NonNullable<TReportContent['prediction']>;

export function ReportPrediction({
  prediction,
  texts,
}: {
  prediction: ReportPredictionData;
  texts: DocumentTexts;
}) {
  const { locale } = useFormat();
  const percent = (value: number) => formatPercent(value, locale, 0);
  const label = (key: string, values?: Record<string, string | number>) => documentText(texts, key, values);
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="report-prediction-title"
      data-testid="report-prediction"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} fz="h3" id="report-prediction-title">
          {prediction.title}
        </Title>
        {prediction.provisional ? (
          <Badge variant="outline" color="gray">
            {label('report.prediction.provisional')}
          </Badge>
        ) : null}
      </Group>
      <Text size="lg">
        {label('report.prediction.mostLikely')}:{' '}
        <Text span fw={700} data-testid="report-prediction-class">
          {prediction.predictedLabel}
        </Text>{' '}
        ({label('report.prediction.probability', { percent: percent(prediction.probability) })})
      </Text>
      {prediction.predictedDescription ? <Text size="sm">{prediction.predictedDescription}</Text> : null}
      {prediction.classes.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            {label('report.prediction.allClasses')}
          </Text>
          <List size="sm" mt={4}>
            {prediction.classes.map((c) => (
              <List.Item key={c.key}>
                {c.label}: {percent(c.probability)}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {prediction.provisional ? (
        <Text size="xs" c="dimmed">
          {label('report.prediction.provisionalNote')}
        </Text>
      ) : null}
    </Stack>
  );
}
