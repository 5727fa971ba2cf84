// A result's rule-based indication (investment style or performance outlook, decision 0014): the class the
// expert-set rules score best within the client's suitable risk class, without a probability; what the caps ruled
// out; every class best first, marked where it is above the suitable class; and the factors that moved it, in
// words. No internal model id reaches the screen.
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPrediction } from '@bq/contracts/dashboard';
import { textOf } from '../dimension-texts';
import classes from '../result-dashboard.module.css';

export function PredictionCard({ prediction }: { prediction: TPrediction }) {
  const { t } = useTranslation();
  const text = (key: string, fallback = key) => textOf(prediction.texts, key, fallback);
  const labelOf = (key: string) => {
    const found = prediction.classes.find((c) => c.key === key);
    return found ? text(found.labelKey, found.key) : key;
  };
  const predicted = prediction.classes.find((c) => c.key === prediction.predictedClass);
  const predictedLabel = labelOf(prediction.predictedClass);
  const unconstrained = prediction.classes.find((c) => c.key === prediction.unconstrainedClass);
  const ranked = [...prediction.classes].sort((a, b) => a.rank - b.rank);
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
          <Badge variant="outline" color="gray" data-testid="prediction-method">
            {t('results.prediction.provisional')}
          </Badge>
        </Group>
        <div>
          <Text size="lg">
            {t('results.prediction.mostLikely')}{' '}
            <Text span fw={700} data-testid="prediction-class">
              {predictedLabel}
            </Text>
          </Text>
          {predicted ? (
            <Text size="sm" c="dimmed" mt={4}>
              {text(predicted.descriptionKey, '')}
            </Text>
          ) : null}
          {unconstrained && prediction.suitableClass !== null ? (
            <Text size="sm" mt="xs" data-testid="prediction-capped">
              {t('results.prediction.capped', {
                unconstrained: labelOf(unconstrained.key),
                needs: unconstrained.minRiskClass ?? '',
                suitable: prediction.suitableClass,
                class: predictedLabel,
              })}
            </Text>
          ) : prediction.suitableClass !== null ? (
            <Text size="sm" mt="xs" c="dimmed">
              {t('results.prediction.withinClass', { suitable: prediction.suitableClass })}
            </Text>
          ) : null}
        </div>
        <div>
          <Title order={3} fz="h5" mb="xs">
            {t('results.prediction.allClasses')}
          </Title>
          <List type="ordered" size="sm" spacing={4} data-testid="prediction-classes">
            {ranked.map((option) => (
              <List.Item
                key={option.key}
                data-testid={`prediction-class-${option.key}`}
                data-allowed={option.allowed}
                c={option.allowed ? undefined : 'dimmed'}
              >
                <Text span size="sm" fw={option.key === prediction.predictedClass ? 700 : 400}>
                  {text(option.labelKey, option.key)}
                </Text>
                {option.key === prediction.predictedClass ? ` (${t('results.prediction.indicated')})` : null}
                {!option.allowed && option.minRiskClass !== null
                  ? ` – ${t('results.prediction.aboveClass', { needs: option.minRiskClass, suitable: prediction.suitableClass ?? '' })}`
                  : null}
              </List.Item>
            ))}
          </List>
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
        <Text size="xs" c="dimmed" data-testid="prediction-note">
          {t('results.prediction.provisionalNote')}
        </Text>
      </Stack>
    </Paper>
  );
}
