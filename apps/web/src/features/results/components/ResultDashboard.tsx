// A loaded result: the header, the trial notice (wealth advisory), and the sections in the current locale: for
// bqa the BQA_RISK section first, then the prediction where the product predicts, then the dimensions; the
// technical evidence last, behind a disclosure.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { useLocale } from '../../../lib/i18n';
import { useDashboardContent } from '../api/get-dashboard-content';
import { usePrediction } from '../api/get-prediction';
import { textOf } from '../dimension-texts';
import { DimensionSection } from './DimensionSection';
import { FitSection } from './FitSection';
import { PredictionSection } from './PredictionSection';
import { ResultEvidence } from './ResultEvidence';
import { DecisionPanel } from './DecisionPanel';
import { ResultHeader } from './ResultHeader';
import { ResultSkeleton } from './ResultSkeleton';
import { RiskSection } from './RiskSection';
import { TrialNotice } from './TrialNotice';

export function ResultDashboard({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useSignedInUser();
  const token = dashboard.instanceToken;
  const content = useDashboardContent(dashboard.kind, token, locale);
  // Started here so it loads beside the texts rather than after them; the section reads the same query.
  usePrediction(
    dashboard.prediction?.kind ?? 'INVESTMENT_STYLE',
    token,
    locale,
    dashboard.prediction?.available === true,
  );
  const interactionName = content.data
    ? textOf(content.data.texts, content.data.interactionNameKey) || null
    : null;

  return (
    <div data-testid="result-dashboard" data-kind={dashboard.kind} data-lock-status={dashboard.lockStatus}>
      <ResultHeader dashboard={dashboard} interactionName={interactionName} />
      {dashboard.productType === 'BQ_ADVISORY_WEALTH' ? <TrialNotice /> : null}
      {content.data ? (
        <Stack gap="lg">
          {dashboard.kind === 'bqa' ? (
            <RiskSection
              content={content.data}
              risk={dashboard.risk}
              token={token}
              // A participant looking at their own result reads the flag; recording its resolution is the adviser's.
              canResolve={!dashboard.viewerIsClient && hasProductPermission(user, dashboard.productType, 'INDIVIDUAL_RESULTS', 'UPDATE')}
              ownResult={dashboard.viewerIsClient}
            />
          ) : null}
          {dashboard.prediction ? (
            <PredictionSection token={token} prediction={dashboard.prediction} />
          ) : null}
          <DimensionSection dimensions={dashboard.dimensions} content={content.data} token={token} />
          {dashboard.fit ? <FitSection fit={dashboard.fit} content={content.data} /> : null}
          {dashboard.evidence.decisions ? (
            <DecisionPanel
              token={token}
              decisions={dashboard.evidence.decisions}
              canDecide={!dashboard.viewerIsClient && hasProductPermission(user, dashboard.productType, 'INDIVIDUAL_RESULTS', 'UPDATE')}
            />
          ) : null}
        </Stack>
      ) : content.isError ? (
        <ErrorState
          title={t('results.contentFailed.title')}
          message={t('results.loadFailed.text')}
          onRetry={() => void content.refetch()}
        />
      ) : (
        <ResultSkeleton withHeader={false} />
      )}
      <ResultEvidence dashboard={dashboard} />
    </div>
  );
}
