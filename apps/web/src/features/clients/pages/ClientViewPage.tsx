// /{productName}/client/{clientToken}: one client in the product: details, group, edit, (de)activation and the
// client's interactions, then last the client's rights (a copy of their data, erasure); for holders of AUDIT_LOG also the client's access history, in a second tab. An unknown
// token shows "client not found" in the page.
import { Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useClientProfile } from '../api/get-client-profile';
import { ClientHeader } from '../components/ClientHeader';
import { ClientInteractions } from '../components/ClientInteractions';
import { ClientTabs } from '../components/ClientTabs';
import { ClientNotFound } from '../components/ClientNotFound';
import { mayOnClients, useClientProduct, type ClientProduct } from '../use-client-product';
import { ClientDataRights } from '../../data-rights/components/ClientDataRights';
import { ClientPortfolio } from '../../portfolio/components/ClientPortfolio';
import { ReviewChangePanel } from '../../yearly-review/components/ReviewChangePanel';
import { ClientCrmSync } from '../../crm/components/ClientCrmSync';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { isAnonymisedClient } from '../../../lib/client-display-name';

export function ClientViewPage() {
  const product = useClientProduct();
  const { clientToken = '' } = useParams();
  // The route's guard renders this page only for a product of the account the user may open.
  return product ? <ClientView product={product} clientToken={clientToken} /> : null;
}

function ClientView({ product, clientToken }: { product: ClientProduct; clientToken: string }) {
  const { t } = useTranslation();
  const profile = useClientProfile(product.configuration.id, clientToken);

  // A failed refresh keeps showing the client it already has.
  if (profile.data) {
    return (
      <div data-testid="client-view">
        <ClientHeader client={profile.data} canUpdate={product.canUpdate} />
        <ClientTabs
          clientToken={clientToken}
          interactions={<ClientInteractions client={profile.data} product={product} />}
        />
        {/* A yearly review's result against the one it reviewed (decision 0093): the adviser's reading. */}
        {profile.data.reviewChange ? (
          <ReviewChangePanel
            change={profile.data.reviewChange}
            resultPath={(token) => `/${product.productType}/client/${clientToken}/dashboard/${token}`}
          />
        ) : null}
        {/* The advisory products check the client's holdings against the risk profile (decision 0091). */}
        {PRODUCT_TYPE_INFO[product.productType].dashboardKind === 'BQA' && !profile.data.erasedAt ? (
          <ClientPortfolio clientToken={profile.data.token} canUpdate={product.canUpdate} />
        ) : null}
        {/* Whether the result reached the firm's CRM (decision 0094); only for who manages the CRM connections. */}
        <ClientCrmSync clientToken={profile.data.token} />
        {/* The rare, destructive rights come after the everyday work (decision 0077). */}
        <ClientDataRights
          clientToken={profile.data.token}
          canRead={mayOnClients(product.user, product.productType, 'READ')}
          canErase={mayOnClients(product.user, product.productType, 'DELETE')}
          anonymised={isAnonymisedClient(profile.data)}
          erased={Boolean(profile.data.erasedAt)}
        />
      </div>
    );
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return <ClientNotFound productType={product.productType} />;
    }
    return (
      <ErrorState
        title={t('clients.view.loadFailed.title')}
        message={t('clients.view.loadFailed.text')}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg" role="status" aria-label={t('common.loading')} data-testid="client-loading">
      <Skeleton height={180} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}
