// /{productName}/client: create a client in the product (POST /api/u), then continue to the new client's view.
import { Alert, Button, Paper } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fullName } from '@bq/domain/initials';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useAppNavigate } from '../../../lib/navigation';
import { showSuccess } from '../../../lib/notify';
import { useClientLimit } from '../api/get-client-limit';
import { useCreateClient } from '../api/create-client';
import { emptyClientForm } from '../client-form-schema';
import { ClientForm } from '../components/ClientForm';
import { useClientProduct, type ClientProduct } from '../use-client-product';

export function CreateClientPage() {
  const product = useClientProduct();
  // The route's guard renders this page only for a product of the account the user may open.
  return product ? <CreateClient product={product} /> : null;
}

function CreateClient({ product }: { product: ClientProduct }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { user, productType, configuration, canCreate } = product;
  const limit = useClientLimit(user.id, { enabled: canCreate });
  const create = useCreateClient({ productType, userId: user.id });
  const listPath = `/product/${productType}`;
  const limitReached = limit.data ? !limit.data.available : false;

  return (
    <>
      <PageHeader title={t('page.clientCreate.title')} description={t('clients.createPage.lead')} />
      {!canCreate ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock aria-hidden />}
          maw={720}
          data-testid="client-create-forbidden"
        >
          {t('clients.createPage.noPermission')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg" maw={720}>
          {limitReached ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              mb="md"
              data-testid="client-limit-notice"
            >
              {t('clients.limit.reached', { limit: limit.data?.limit ?? 0 })}
            </Alert>
          ) : null}
          <ClientForm
            label={t('page.clientCreate.title')}
            initialValues={emptyClientForm(user.locale)}
            submitLabel={t('clients.create')}
            pending={create.isPending}
            disabled={limitReached}
            onSubmit={(fields) =>
              create.mutateAsync({ ...fields, productConfigurationId: configuration.id }).then((client) => {
                showSuccess(
                  t('clients.createPage.success', { name: fullName(client.lastName, client.firstName) }),
                );
                navigate(`/${productType}/client/${client.token}`);
              })
            }
            cancel={
              <Button variant="default" component={AppLink} to={listPath} data-testid="client-form-cancel">
                {t('common.cancel')}
              </Button>
            }
          />
        </Paper>
      )}
    </>
  );
}
