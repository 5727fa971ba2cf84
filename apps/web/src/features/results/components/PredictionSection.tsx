// Loads and shows the prediction of a result that has one: a card, a skeleton while it loads, a notice without
// the permission (403), and a clear message when the prediction failed (status PREDICTION_ERROR or
// error.prediction.failed); the scores stay valid either way.
import { Alert, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';
import { usePrediction } from '../api/get-prediction';
import { PredictionCard } from './PredictionCard';
import { RestrictedNotice } from './RestrictedNotice';

interface PredictionSectionProps {
  token: string;
  prediction: NonNullable<TDashboard['prediction']>;
}

function PredictionFailed() {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('results.prediction.failed.title')}
      data-testid="prediction-error"
    >
      {t('ERROR_PREDICTION_FAILED')}
    </Alert>
  );
}

export function PredictionSection({ token, prediction }: PredictionSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = usePrediction(prediction.kind, token, locale, prediction.available);
  if (!prediction.available) return <PredictionFailed />;
  if (query.data) return <PredictionCard prediction={query.data} />;
  if (query.error instanceof ApiError && query.error.status === 403) {
    return (
      <RestrictedNotice
        testId="prediction-forbidden"
        title={t('results.prediction.forbidden.title')}
        text={t('results.prediction.forbidden.text')}
      />
    );
  }
  if (query.error instanceof ApiError && query.error.errorKey === 'error.prediction.failed') {
    return <PredictionFailed />;
  }
  if (query.isError) {
    return (
      <ErrorState
        title={t('results.prediction.loadFailed')}
        message={t('results.loadFailed.text')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      role="status"
      aria-label={t('results.prediction.loading')}
      data-testid="prediction-loading"
    >
      <Stack gap="sm">
        <Skeleton height={24} width="40%" />
        <Skeleton height={18} width="60%" />
        <Skeleton height={12} />
        <Skeleton height={12} />
        <Skeleton height={12} width="80%" />
      </Stack>
    </Paper>
  );
}
