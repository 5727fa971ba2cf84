// Why a report cannot be shown, by the content call's error: unknown link (404), result not unlocked (402; a
// signed-in evaluator gets the way to the dashboard where it is unlocked), not ready (409), the public link has
// expired (410), anything else (retry).
import { Button } from '@mantine/core';
import { IconClockHour4, IconClockX, IconFileUnknown, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { ApiError } from '../../../lib/api-client';
import { useResultDashboardPath } from '../../../lib/api/use-result-dashboard-path';

export type ReportFailure = 'notFound' | 'locked' | 'notReady' | 'expired' | 'other';

export function reportFailureOf(error: unknown): ReportFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 404) return 'notFound';
  if (error.status === 402) return 'locked';
  if (error.status === 409) return 'notReady';
  if (error.status === 410) return 'expired';
  return 'other';
}

function LockedNotice({ token }: { token: string }) {
  const { t } = useTranslation();
  const dashboardPath = useResultDashboardPath(token, true);
  return (
    <NoticePanel
      testId="report-locked"
      icon={<IconLock size={26} stroke={1.6} />}
      title={t('reports.locked.title')}
      text={t('reports.locked.text')}
      actions={
        dashboardPath ? (
          <Button component={AppLink} to={dashboardPath} data-testid="report-dashboard-link">
            {t('reports.locked.toDashboard')}
          </Button>
        ) : null
      }
    />
  );
}

interface ReportUnavailableProps {
  error: unknown;
  token: string;
  onRetry: () => void;
  retrying: boolean;
}

export function ReportUnavailable({ error, token, onRetry, retrying }: ReportUnavailableProps) {
  const { t } = useTranslation();
  switch (reportFailureOf(error)) {
    case 'notFound':
      return (
        <NoticePanel
          testId="report-not-found"
          icon={<IconFileUnknown size={26} stroke={1.6} />}
          title={t('reports.notFound.title')}
          text={t('reports.notFound.text')}
        />
      );
    case 'locked':
      return <LockedNotice token={token} />;
    case 'expired':
      return (
        <NoticePanel
          testId="report-link-expired"
          color="orange"
          icon={<IconClockX size={26} stroke={1.6} />}
          title={t('reports.linkExpired.title')}
          text={t('reports.linkExpired.text')}
        />
      );
    case 'notReady':
      return (
        <NoticePanel
          testId="report-not-ready"
          icon={<IconClockHour4 size={26} stroke={1.6} />}
          title={t('reports.notReady.title')}
          text={t('reports.notReady.text')}
          actions={
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={onRetry}
              loading={retrying}
            >
              {t('reports.notReady.checkAgain')}
            </Button>
          }
        />
      );
    default:
      return (
        <div data-testid="report-error">
          <ErrorState
            title={t('reports.loadFailed.title')}
            message={t('reports.loadFailed.text')}
            onRetry={onRetry}
          />
        </div>
      );
  }
}
