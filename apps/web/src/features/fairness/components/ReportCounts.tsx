// What the adverse-impact report counts and what is missing (issue 37 point 9, docs/decisions/0078): the unit of its
// basis with the count ("3 decisions recorded", "14 candidates with stanines"), how many candidates have results at
// all, and, when the basis counts nobody but results exist, exactly what is missing with a way to the basis that
// has data. Plurals through i18next's _one/_other keys, as the rest of the app.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FairnessBasis, TAdverseImpactReport } from '@bq/contracts/fairness';
import { useFormat } from '../../../lib/formats';

export function ReportCounts({ report, onBasis }: { report: TAdverseImpactReport; onBasis: (basis: FairnessBasis) => void }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const { basis, assessed, available } = report;
  // The total is worth saying when the basis counts fewer than all candidates with results.
  const total = assessed !== available.candidates ? ` · ${t('fairness.count.candidates', { count: available.candidates })}` : '';
  const median = report.median === null ? '' : ` · ${t('fairness.median', { median: formatNumber(report.median, 1) })}`;
  const scoreBasis: FairnessBasis = available.fit > 0 ? 'fit' : 'stanine';
  return (
    <Stack gap="xs">
      <Text fw={500} data-testid="fairness-assessed">
        {t(`fairness.count.${basis}`, { count: assessed })}
        {total}
        {median}
      </Text>
      {report.basisChosen && basis !== 'decision' ? (
        <Text size="sm" c="dimmed" data-testid="fairness-basis-chosen">
          {t('fairness.chosen.score')}
        </Text>
      ) : null}
      {assessed > 0 ? null : available.candidates === 0 ? (
        <Text c="dimmed" data-testid="fairness-empty">
          {t('fairness.empty.none')}
        </Text>
      ) : basis === 'decision' ? (
        <Alert variant="light" data-testid="fairness-empty">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('fairness.empty.noDecisions', { count: available.candidates })}</Text>
            <Button size="xs" variant="default" onClick={() => onBasis(scoreBasis)} data-testid="fairness-view-by-score">
              {t('fairness.empty.viewByScore')}
            </Button>
          </Stack>
        </Alert>
      ) : basis === 'fit' ? (
        <Alert variant="light" data-testid="fairness-empty">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('fairness.empty.noFit', { count: available.candidates })}</Text>
            <Button size="xs" variant="default" onClick={() => onBasis('stanine')} data-testid="fairness-view-by-score">
              {t('fairness.empty.viewByStanine')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
