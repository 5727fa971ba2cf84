// A result's prediction (investment style or performance outlook): the most likely class with its probability,
// every class's probability as a bar, and the factors that moved it, in words.
import { Badge, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPrediction } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { textOf } from '../dimension-texts';
import { formatPercent } from '../result-formats';
import classes from '../result-dashboard.module.css';

export function PredictionCard({ prediction }: { prediction: TPrediction }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const text = (key: string, fallback = key) => textOf(prediction.texts, key, fallback);
  const predicted = prediction.classes.find((c) => c.key === prediction.predictedClass);
  const predictedLabel = predicted ? text(predicted.labelKey, predicted.key) : prediction.predictedClass;
  const factors = prediction.factors.filter((factor) => factor.contribution !== 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="prediction-title"
      className={classes.section}
      data-testid="prediction-card"
      data-class={prediction.predictedClass}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} fz="h3" id="prediction-title">
            {text(prediction.titleKey, t('results.prediction.title'))}
          </Title>
          {prediction.modelStatus === 'PROVISIONAL' ? (
            <Badge variant="outline" color="gray">
              {t('results.prediction.provisional')}
            </Badge>
          ) : null}
        </Group>
        <div>
          <Text size="lg">
            {t('results.prediction.mostLikely')}{' '}
            <Text span fw={700} data-testid="prediction-class">
              {predictedLabel}
            </Text>{' '}
            {t('results.prediction.probability', {
              percent: formatPercent(prediction.probability, locale, 0),
            })}
          </Text>
          {predicted ? (
            <Text size="sm" c="dimmed" mt={4}>
              {text(predicted.descriptionKey, '')}
            </Text>
          ) : null}
        </div>
        <div>
          <Title order={3} fz="h5" mb="xs">
            {t('results.prediction.allClasses')}
          </Title>
          <Stack gap={8} maw={560}>
            {prediction.classes.map((option) => {
              const label = text(option.labelKey, option.key);
              const percent = formatPercent(option.probability, locale, 0);
              return (
                <div key={option.key} data-testid={`prediction-class-${option.key}`}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" fw={option.key === prediction.predictedClass ? 700 : 400}>
                      {label}
                    </Text>
                    <Text size="sm">{percent}</Text>
                  </Group>
                  <Progress
                    value={option.probability * 100}
                    color={option.key === prediction.predictedClass ? 'brand.7' : 'gray.5'}
                    size="md"
                    aria-label={t('results.prediction.classBar', { label, percent })}
                  />
                </div>
              );
            })}
          </Stack>
        </div>
        {factors.length > 0 ? (
          <div>
            <Title order={3} fz="h5" mb="xs">
              {t('results.prediction.factors')}
            </Title>
            <List spacing={4} size="sm" data-testid="prediction-factors">
              {factors.map((factor) => {
                const raised = factor.contribution > 0;
                const Icon = raised ? IconArrowUpRight : IconArrowDownRight;
                return (
                  <List.Item
                    key={factor.dimension}
                    icon={
                      <Icon
                        size={16}
                        aria-hidden
                        color={raised ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-red-8)'}
                      />
                    }
                  >
                    {t(raised ? 'results.prediction.factor.raised' : 'results.prediction.factor.lowered', {
                      name: text(factor.nameKey, factor.dimension),
                      class: predictedLabel,
                    })}
                  </List.Item>
                );
              })}
            </List>
          </div>
        ) : (
          <Text size="sm" data-testid="prediction-factors">
            {t('results.prediction.noFactors', { class: predictedLabel })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('results.prediction.model', { model: prediction.modelId, version: prediction.modelVersion })}{' '}
          {prediction.modelStatus === 'PROVISIONAL' ? t('results.prediction.provisionalNote') : null}
        </Text>
      </Stack>
    </Paper>
  );
}
