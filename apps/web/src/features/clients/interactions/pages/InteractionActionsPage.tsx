// /{productName}/client/{clientToken}/interaction/{interactionInstanceToken}: one interaction's actions (spec
// section 2): where it stands (refreshed live until final), the invite link and a prepared e-mail, the automatic
// reminder and report, the link to the results, and deleting it. An unknown token, or one of another account or
// client, shows "interaction not found" in the page.
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullName } from '@bq/domain/initials';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ApiError } from '../../../../lib/api-client';
import { useFormat } from '../../../../lib/formats';
import { clientProfileQueryOptions } from '../../api/get-client-profile';
import { useClientProduct, type ClientProduct } from '../../use-client-product';
import { useLiveInstance } from '../api/get-instance';
import { AutoSendSwitches } from '../components/AutoSendSwitches';
import { DeleteInstanceSection } from '../components/DeleteInstanceSection';
import { InstanceStatusCard } from '../components/InstanceStatusCard';
import { InteractionNotFound } from '../components/InteractionNotFound';
import { InviteSection } from '../components/InviteSection';
import { mayOnInstances } from '../instance-permissions';

export function InteractionActionsPage() {
  const product = useClientProduct();
  const { clientToken = '', interactionInstanceToken = '' } = useParams();
  // The route's guard renders this page only for a product of the account the user may open.
  return product ? (
    <InteractionActions product={product} clientToken={clientToken} token={interactionInstanceToken} />
  ) : null;
}

interface InteractionActionsProps {
  product: ClientProduct;
  clientToken: string;
  token: string;
}

function InteractionActions({ product, clientToken, token }: InteractionActionsProps) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const instance = useLiveInstance(token);
  // Shared with the breadcrumb (and usually cached from the client view): only the client's name is read.
  const profile = useQuery(clientProfileQueryOptions(product.configuration.id, clientToken));
  const clientPath = `/${product.productType}/client/${clientToken}`;

  const data = instance.data;
  // Gone (deleted elsewhere, or never there), or a token of another client of the account.
  const notFound =
    (instance.error instanceof ApiError && instance.error.status === 404) ||
    (data !== undefined && data.clientToken !== clientToken);
  if (notFound) return <InteractionNotFound clientPath={clientPath} />;
  if (data) {
    const clientName = profile.data ? fullName(profile.data.lastName, profile.data.firstName) : null;
    return (
      <div data-testid="interaction-actions">
        <PageHeader
          title={
            clientName ? t('interactions.actions.title', { name: clientName }) : t('page.interaction.title')
          }
          description={t('interactions.actions.lead', {
            product: t(PRODUCT_TYPE_INFO[product.productType].nameKey),
            date: formatDate(data.createdAt),
          })}
        />
        <Stack gap="lg">
          <InstanceStatusCard instance={data} productType={product.productType} />
          <InviteSection instance={data} clientName={clientName ?? t('page.client.title')} />
          {/* An erased client's kept result is evidence: nothing is sent for it (decision 0077; the server refuses too). */}
          {profile.data?.erasedAt ? (
            <Text size="sm" c="dimmed" data-testid="interaction-erased-notice">
              {t('interactions.actions.erased')}
            </Text>
          ) : (
            <AutoSendSwitches
              instance={data}
              canUpdate={mayOnInstances(product.user, product.productType, 'UPDATE')}
            />
          )}
          {mayOnInstances(product.user, product.productType, 'DELETE') ? (
            <DeleteInstanceSection instance={data} clientPath={clientPath} />
          ) : null}
        </Stack>
      </div>
    );
  }
  if (instance.isError) {
    return (
      <ErrorState
        title={t('interactions.loadFailed.title')}
        message={t('interactions.loadFailed.text')}
        onRetry={() => void instance.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg" role="status" aria-label={t('common.loading')} data-testid="interaction-loading">
      <Skeleton height={48} width="60%" radius="md" />
      <Skeleton height={160} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}
