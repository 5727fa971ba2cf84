// Providers around the router: Mantine (theme, toasts) and TanStack Query. Confirm dialogs (ModalsProvider) are
// provided by the layouts whose pages open them (MainContainer, PublicLayout): the login page then loads no
// dialog code (docs/decisions/0018-page-weight-and-accessibility.md).
import { useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { AppNotifications } from './AppNotifications';
import type { createAppRouter } from './router';
import { cssVariablesResolver, localisedTheme } from './theme';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  const { t } = useTranslation();
  // The theme names icon-only close and clear buttons, and tables' scroll areas, in the current language.
  const closeLabel = t('common.close');
  const clearLabel = t('common.clear');
  const scrollableTableLabel = t('common.scrollableTable');
  const theme = useMemo(
    () => localisedTheme({ closeLabel, clearLabel, scrollableTableLabel }),
    [closeLabel, clearLabel, scrollableTableLabel],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AppNotifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
