// The rule-based indication of the report (investment style or performance outlook, decision 0014): the class the
// expert-set rules score best within the suitable risk class and its description, what the caps ruled out, every
// class best first, and that the rules are not fitted to outcomes, so there is no probability.
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TReportContent } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';

type ReportPredictionData = NonNullable<TReportContent['prediction']>;

export function ReportPrediction({
  prediction,
  texts,
}: {
  prediction: ReportPredictionData;
  texts: DocumentTexts;
}) {
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
        <Badge variant="outline" color="gray">
          {label('report.prediction.provisional')}
        </Badge>
      </Group>
      <Text size="lg">
        {label('report.prediction.mostLikely')}:{' '}
        <Text span fw={700} data-testid="report-prediction-class">
          {prediction.predictedLabel}
        </Text>
      </Text>
      {prediction.predictedDescription ? <Text size="sm">{prediction.predictedDescription}</Text> : null}
      {prediction.unconstrainedLabel && prediction.suitableClass !== null ? (
        <Text size="sm" data-testid="report-prediction-capped">
          {label('report.prediction.capped', {
            unconstrained: prediction.unconstrainedLabel,
            needs: prediction.unconstrainedMinClass ?? '',
            suitable: prediction.suitableClass,
            class: prediction.predictedLabel,
          })}
        </Text>
      ) : null}
      {prediction.classes.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            {label('report.prediction.allClasses')}
          </Text>
          <List type="ordered" size="sm" mt={4}>
            {prediction.classes.map((c) => (
              <List.Item key={c.key} c={c.allowed ? undefined : 'dimmed'}>
                {c.label}
                {!c.allowed && c.minRiskClass !== null
                  ? ` – ${label('report.prediction.aboveClass', { needs: c.minRiskClass, suitable: prediction.suitableClass ?? '' })}`
                  : null}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {label('report.prediction.provisionalNote')}
      </Text>
    </Stack>
  );
}
