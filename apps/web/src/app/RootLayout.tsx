// The root of every page: loading bar, document title, scroll restoration and the translators' shortcuts.
import { Outlet, ScrollRestoration } from 'react-router';
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
    </>
  );
}
