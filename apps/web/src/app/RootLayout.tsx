// The root of every page: loading bar, document title, scroll restoration, the translators' shortcuts and the
// session-replay consent banner (only when configured: its chunk loads then, so the login page does not carry it).
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSystemConfig } from '../lib/api/get-system-config';
import { useTranslationShortcuts } from '../lib/translation-shortcuts';
import { DocumentTitle } from './DocumentTitle';
import { GlobalLoadingBar } from './GlobalLoadingBar';

const SessionReplayConsent = lazy(() =>
  import('../features/analytics/SessionReplayConsent').then((m) => ({ default: m.SessionReplayConsent })),
);

function SessionReplay() {
  const { data: config } = useSystemConfig();
  if (!config?.sessionReplay) return null;
  return (
    <Suspense fallback={null}>
      <SessionReplayConsent />
    </Suspense>
  );
}

export function RootLayout() {
  useTranslationShortcuts();
  return (
    <>
      <GlobalLoadingBar />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
      <SessionReplay />
    </>
  );
}
