// The root of every page: loading bar, document title, scroll restoration, the translators' shortcuts and the
// session-replay consent banner (only when configured).
import { Outlet, ScrollRestoration } from 'react-router';
import { SessionReplayConsent } from '../features/analytics/SessionReplayConsent';
import { useTranslationShortcuts } from '../lib/translation-shortcuts';
import { DocumentTitle } from './DocumentTitle';
import { GlobalLoadingBar } from './GlobalLoadingBar';

export function RootLayout() {
  useTranslationShortcuts();
  return (
    <>
      <GlobalLoadingBar />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
      <SessionReplayConsent />
    </>
  );
}
