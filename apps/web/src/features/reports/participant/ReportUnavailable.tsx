// Why a report cannot be shown, by the content call's error: unknown link (404), result not unlocked (402; a
// signed-in evaluator gets the way to the dashboard where it is unlocked), not ready (409), the public link has
// expired (410), anything else (retry). Plain notices with a heading, in the page's texts.
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { fetchResultDashboardPath } from '../../../lib/result-dashboard-path';
import { useTexts } from '../../../participant/texts';
import classes from './ReportPage.module.css';

export type ReportFailure = 'notFound' | 'locked' | 'notReady' | 'expired' | 'other';

const FAILURES: Record<number, ReportFailure> = { 404: 'notFound', 402: 'locked', 409: 'notReady', 410: 'expired' };

function failureOf(error: unknown): ReportFailure {
  return (error instanceof ApiError && FAILURES[error.status]) || 'other';
}

interface NoticeProps {
  testId: string;
  title: string;
  text: string;
  tone?: 'warn';
  role?: 'alert';
  children?: ReactNode;
}

function Notice({ testId, title, text, tone, role, children }: NoticeProps) {
  return (
    <div className={`${classes.card} ${classes.notice}`} data-testid={testId} data-tone={tone} role={role}>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** Not unlocked yet; the link to the dashboard only for a signed-in evaluator of the result (asked for here only). */
function LockedNotice({ token }: { token: string }) {
  const { t } = useTexts();
  const [dashboardPath, setDashboardPath] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchResultDashboardPath(token, controller.signal).then((path) => {
      if (!controller.signal.aborted) setDashboardPath(path);
    });
    return () => controller.abort();
  }, [token]);
  return (
    <Notice testId="report-locked" title={t('reports.locked.title')} text={t('reports.locked.text')}>
      {dashboardPath ? (
        <a className={classes.button} href={dashboardPath} data-testid="report-dashboard-link">
          {t('reports.locked.toDashboard')}
        </a>
      ) : null}
    </Notice>
  );
}

interface ReportUnavailableProps {
  error: unknown;
  token: string;
  onRetry: () => void;
  retrying: boolean;
}

export function ReportUnavailable({ error, token, onRetry, retrying }: ReportUnavailableProps) {
  const { t } = useTexts();
  const retry = (label: string, secondary: boolean) => (
    <button
      type="button"
      className={secondary ? `${classes.button} ${classes.secondary}` : classes.button}
      onClick={onRetry}
      disabled={retrying}
      aria-busy={retrying}
    >
      {label}
    </button>
  );
  switch (failureOf(error)) {
    case 'notFound':
      return <Notice testId="report-not-found" title={t('reports.notFound.title')} text={t('reports.notFound.text')} />;
    case 'locked':
      return <LockedNotice token={token} />;
    case 'expired':
      return (
        <Notice testId="report-link-expired" tone="warn" title={t('reports.linkExpired.title')} text={t('reports.linkExpired.text')} />
      );
    case 'notReady':
      return (
        <Notice testId="report-not-ready" title={t('reports.notReady.title')} text={t('reports.notReady.text')}>
          {retry(t('reports.notReady.checkAgain'), true)}
        </Notice>
      );
    default:
      return (
        <Notice testId="report-error" role="alert" tone="warn" title={t('reports.loadFailed.title')} text={t('reports.loadFailed.text')}>
          {retry(t('common.retry'), false)}
        </Notice>
      );
  }
}
