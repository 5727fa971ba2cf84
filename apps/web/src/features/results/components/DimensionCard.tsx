// One dimension of a result in plain words: what it measures, the T-score with its 95 % band on the T scale,
// stanine, percentile, and a sentence on the level; or that it could not be computed from too few answers.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { scoreLevelOfStanine, type TDimensionResult } from '@bq/contracts/dashboard';
import { knowledgeSentences } from '@bq/domain/knowledge-evidence';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { useFormat } from '../../../lib/formats';
import { levelSide, type DimensionTexts } from '../dimension-texts';
import { formatPercent } from '../result-formats';
import { TScoreScale } from './TScoreScale';
import { WhyThisScore } from './WhyThisScore';

const LEVEL_COLORS: Record<NonNullable<TDimensionResult['level']>, string> = {
  LOW: 'orange',
  BELOW_AVERAGE: 'yellow',
  AVERAGE: 'gray',
  ABOVE_AVERAGE: 'teal',
  HIGH: 'green',
};

interface DimensionCardProps {
  result: TDimensionResult;
  texts: DimensionTexts;
  /** The result's token: with it, the card offers "Why this score" (docs/decisions/0053). */
  token?: string;
}

export function DimensionCard({ result, texts, token }: DimensionCardProps) {
  const { t } = useTranslation();
  const { locale, formatNumber } = useFormat();
  const computable = result.computable && result.t !== null;
  const side = levelSide(result.level);
  // Knowledge in the client's own answers (docs/decisions/0086): never the high pole's words by the score alone.
  const knowledge = result.knowledge
    ? knowledgeSentences(result.knowledge, scoreLevelOfStanine(result.stanine), (level) => t(`results.level.${level}`), {
        t: (key, values) => t(key, values),
        list: (items) => new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'conjunction' }).format(items),
      }).join(' ')
    : null;
  const levelSentence = knowledge
    ? knowledge
    : side === 'low'
      ? texts.low
      : side === 'high'
        ? texts.high
        : side === 'average'
          ? t('results.dimension.average')
          : '';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`result-dimension-${result.key}`}
      data-computable={computable}
      data-t={result.t ?? undefined}
      data-stanine={result.stanine ?? undefined}
    >
      <Stack gap="xs">
        {/* Wraps: on a phone a long German name and level ("Risikotragfähigkeit", "Überdurchschnittlich") do not fit
            side by side, and a badge does not wrap its own text. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} fz="h4" style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
            {texts.name}
          </Title>
          {computable && result.level ? (
            <Badge variant="light" color={LEVEL_COLORS[result.level]} style={{ flexShrink: 0 }}>
              {t(`results.level.${result.level}`)}
            </Badge>
          ) : null}
        </Group>
        {texts.description ? (
          <Text size="sm" c="dimmed">
            {texts.description}
          </Text>
        ) : null}
        {computable ? (
          <>
            <TScoreScale t={result.t!} band={result.band} />
            <Group gap="lg" wrap="wrap">
              <Text size="sm">
                <Text span fw={600}>
                  {t('results.dimension.tScore', { t: formatNumber(result.t!, 1) })}
                </Text>
                {result.band
                  ? ` ${t('results.dimension.band', {
                      low: formatNumber(result.band.low, 1),
                      high: formatNumber(result.band.high, 1),
                    })}`
                  : null}
              </Text>
              {result.stanine !== null ? (
                <Text size="sm">{t('results.dimension.stanine', { stanine: result.stanine })}</Text>
              ) : null}
            </Group>
            {result.percentile !== null ? (
              <Text size="sm">
                {t('results.dimension.percentile', {
                  percent: formatPercent(result.percentile / 100, locale, 0),
                })}
              </Text>
            ) : null}
            {levelSentence ? (
              <Text fw={500} data-testid={knowledge ? 'result-knowledge-answers' : undefined}>
                {levelSentence}
              </Text>
            ) : null}
            {token ? <WhyThisScore token={token} dimensionKey={result.key} /> : null}
          </>
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" data-testid="result-dimension-not-computable">
              {t('results.dimension.notComputable', { answered: result.answered, total: result.itemCount })}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
