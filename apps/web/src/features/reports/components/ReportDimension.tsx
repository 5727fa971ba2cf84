// One dimension of the report: what it measures, the T-score with its 95 % band on the 20-80 T scale (the
// dashboard's scale, so adviser and client see the same picture), stanine, percentile and the level in words.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TReportDimension } from '@bq/contracts/reports';
import { useFormat } from '../../../lib/formats';
import { TScoreScale } from '../../results/components/TScoreScale';
import { documentText, type DocumentTexts } from '../../../lib/document-text';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      <Text span fw={600}>
        {value}
      </Text>
    </Text>
  );
}

export function ReportDimension({ dimension, texts }: { dimension: TReportDimension; texts: DocumentTexts }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const score = dimension.computable ? dimension.t : null;
  const label = (key: string, values?: Record<string, string | number>) => documentText(texts, key, values);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={dimension.name}
      data-testid={`report-dimension-${dimension.key}`}
      data-t={score ?? undefined}
      data-stanine={dimension.stanine ?? undefined}
      style={{ breakInside: 'avoid' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          {/* Long German names ("Verlustbereitschaft") break rather than push the level off a phone's screen. */}
          <Title order={3} fz="h4" style={{ minWidth: 0, hyphens: 'auto', overflowWrap: 'break-word' }}>
            {dimension.name}
          </Title>
          {score !== null && dimension.level ? (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t(`results.level.${dimension.level}`)}
            </Badge>
          ) : null}
        </Group>
        {dimension.description ? (
          <Text size="sm" c="dimmed">
            {dimension.description}
          </Text>
        ) : null}
        {score !== null ? (
          <>
            <TScoreScale t={score} band={dimension.band} />
            <Group justify="space-between" gap="md" aria-hidden>
              <Text size="xs" c="dimmed">
                {dimension.lowLabel}
              </Text>
              <Text size="xs" c="dimmed" ta="right">
                {dimension.highLabel}
              </Text>
            </Group>
            <Group gap="lg" wrap="wrap">
              <Figure label={label('report.dimension.tScore')} value={formatNumber(score, 1)} />
              {dimension.band ? (
                <Figure
                  label={label('report.dimension.band')}
                  value={`${formatNumber(dimension.band.low, 1)}–${formatNumber(dimension.band.high, 1)}`}
                />
              ) : null}
              {dimension.stanine !== null ? (
                <Figure
                  label={label('report.dimension.stanine')}
                  value={label('report.dimension.stanineValue', { stanine: dimension.stanine })}
                />
              ) : null}
              {dimension.percentile !== null ? (
                <Figure label={label('report.dimension.percentile')} value={String(dimension.percentile)} />
              ) : null}
            </Group>
            {dimension.levelText ? <Text fw={500}>{dimension.levelText}</Text> : null}
            {dimension.why ? (
              <Text size="sm" data-testid={`report-why-${dimension.key}`}>
                <Text span fw={600}>
                  {label('report.why.title')}:
                </Text>{' '}
                {dimension.why}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="sm" data-testid="report-dimension-not-computable">
            {label('report.dimension.notComputable')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
