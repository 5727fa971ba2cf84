// /{productName}/client/{clientToken}/dashboard/{interactionInstanceToken}: one result (spec sections 2-3). The
// dashboard request's steps each have their screen: loading (skeleton), success (the dashboard), failure by
// cause: locked (unlock with a credit), not ready (calculating, polled live; or not submitted yet), no
// permission, not found (also a token of another client), anything else (retry).
import { useEffect } from 'react';
import { IconFileUnknown, IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useDashboard } from '../api/get-dashboard';
import { useResultInstance } from '../api/get-result-instance';
import { ResultDashboard } from '../components/ResultDashboard';
import { ResultNotice } from '../components/ResultNotice';
import { ResultPending } from '../components/ResultPending';
import { ResultSkeleton } from '../components/ResultSkeleton';
import { UnlockPanel } from '../components/UnlockPanel';

type Failure = 'locked' | 'notReady' | 'forbidden' | 'notFound' | 'other';

function failureOf(error: unknown): Failure | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 402) return 'locked';
  if (error.status === 409) return 'notReady';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'notFound';
  return 'other';
}

export function ResultDashboardPage() {
  const { t } = useTranslation();
  const { productName = '', clientToken = '', interactionInstanceToken: token = '' } = useParams();
  const dashboard = useDashboard(token);
  const failure = dashboard.data ? null : failureOf(dashboard.error);
  const waiting = failure === 'locked' || failure === 'notReady';
  const instance = useResultInstance(token, waiting);
  const clientPath = `/${productName}/client/${clientToken}`;
  const instanceStatus = instance.data?.status;
  const { refetch } = dashboard;

  // The calculation finished while the page waited: load the result (the status poll stops by itself).
  useEffect(() => {
    if (failure === 'notReady' && instanceStatus && hasResult(instanceStatus)) void refetch();
  }, [failure, instanceStatus, refetch]);

  const foreign =
    (dashboard.data &&
      (dashboard.data.client.token !== clientToken || dashboard.data.productType !== productName)) ||
    (instance.data !== undefined && instance.data.clientToken !== clientToken);
  if (failure === 'notFound' || foreign) {
    return (
      <ResultNotice
        testId="result-not-found"
        icon={<IconFileUnknown size={26} stroke={1.6} />}
        title={t('results.notFound.title')}
        text={t('results.notFound.text')}
        backTo={clientPath}
      />
    );
  }
  if (dashboard.data) return <ResultDashboard dashboard={dashboard.data} />;
  switch (failure) {
    case 'locked':
      return (
        <>
          <PageHeader title={t('page.result.title')} />
          <UnlockPanel token={token} completedAt={instance.data?.filledAt ?? null} />
        </>
      );
    case 'notReady':
      return (
        <ResultPending
          instance={instance.data}
          clientPath={clientPath}
          interactionPath={`${clientPath}/interaction/${token}`}
          onCheckAgain={() => void instance.refetch()}
          checking={instance.isFetching}
        />
      );
    case 'forbidden':
      return (
        <ResultNotice
          testId="result-forbidden"
          icon={<IconLock size={26} stroke={1.6} />}
          title={t('results.forbidden.title')}
          text={t('results.forbidden.text')}
          backTo={clientPath}
        />
      );
    case 'other':
      return (
        <div data-testid="result-error">
          <ErrorState
            title={t('results.loadFailed.title')}
            message={t('results.loadFailed.text')}
            onRetry={() => void refetch()}
          />
        </div>
      );
    default:
      return <ResultSkeleton />;
  }
}
