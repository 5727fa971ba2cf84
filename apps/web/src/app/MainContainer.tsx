// The main container (spec section 2): loads the signed-in user before any evaluator page renders. A 401 sends
// the user to login (the API client does that); other failures are logged and offer a retry. It provides the
// confirm dialogs (modals.openConfirmModal) of the evaluator pages and the step-up dialog (docs/decisions/0045).
import { Box, Center } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, useMatches } from 'react-router';
import { isProductType } from '@bq/domain/product-types';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { StepUpDialog } from '../features/two-factor/components/StepUpDialog';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useUserLocaleSync } from '../lib/i18n';
import { ErrorState } from '../components/ui/ErrorState';
import { FullPageLoader } from '../components/ui/FullPageLoader';

export function MainContainer() {
  const { t } = useTranslation();
  // A URL naming no known product is "page not found" for everyone: no sign-in detour first.
  const productName = useMatches().at(-1)?.params.productName;
  const unknownProduct = productName !== undefined && !isProductType(productName);
  const { data: user, error, refetch } = useCurrentUser({ enabled: !unknownProduct });
  useUserLocaleSync(user?.locale);

  if (unknownProduct) return <NotFoundPage />;
  if (user) {
    return (
      <ModalsProvider>
        <Outlet />
        <StepUpDialog />
      </ModalsProvider>
    );
  }
  if (error && !(error instanceof ApiError && error.status === 401)) {
    return (
      <Center mih="100vh" p="md">
        <Box maw={520} w="100%">
          <ErrorState
            title={t('shell.userLoadFailed.title')}
            message={t('shell.userLoadFailed.text')}
            onRetry={() => void refetch()}
          />
        </Box>
      </Center>
    );
  }
  return <FullPageLoader />;
}
