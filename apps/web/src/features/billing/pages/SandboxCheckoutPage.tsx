// /sandbox-checkout/{sessionId}: the hosted page of the built-in sandbox provider, in place of Stripe's. Marked
// "Sandbox - no real payment" everywhere; no card data is asked. Paying sends the sandbox's signed webhook through
// the same server code as Stripe's, then the browser goes to checkout_success.
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/notify';
import { useFormat } from '../../../lib/formats';
import { useConfirmSandboxSession } from '../api/confirm-sandbox-session';
import { useSandboxSession } from '../api/get-sandbox-session';
import { SandboxBadge } from '../components/SandboxBadge';

export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const { formatCurrency, formatNumber } = useFormat();
  const navigate = useNavigate();
  const sessionId = useParams().sessionId ?? '';
  const session = useSandboxSession(sessionId);
  const confirm = useConfirmSandboxSession(sessionId);

  if (session.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 404) {
      return (
        <NoticePanel
          icon={<IconAlertTriangle size={26} />}
          title={t('page.sandboxCheckout.title')}
          text={t('billing.sandbox.notFound')}
          testId="sandbox-checkout-not-found"
        />
      );
    }
    return (
      <ErrorState
        title={t('page.sandboxCheckout.title')}
        message={apiErrorMessage(session.error)}
        onRetry={() => void session.refetch()}
      />
    );
  }
  const data = session.data;
  const price = formatCurrency(data.price.amountMinor / 100, 2, data.price.currency);
  const credits = t('shell.credits', { count: data.credits, formatted: formatNumber(data.credits, 0) });

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      maw={560}
      mx="auto"
      data-testid="sandbox-checkout"
      style={{ borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz="h2">
            {t('page.sandboxCheckout.title')}
          </Title>
          <SandboxBadge />
        </Group>
        <Alert color="orange" variant="light" icon={<IconFlask aria-hidden />}>
          {t('billing.sandbox.explanation')}
        </Alert>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('billing.sandbox.product')}</Table.Th>
              <Table.Td>{t(PRODUCT_TYPE_INFO[data.productType].nameKey)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('billing.sandbox.credits')}</Table.Th>
              <Table.Td data-testid="sandbox-checkout-credits">{credits}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('billing.sandbox.amount')}</Table.Th>
              <Table.Td data-testid="sandbox-checkout-amount">{price}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {data.status === 'PAID' ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            data-testid="sandbox-checkout-paid"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('billing.sandbox.paid')}</Text>
              <Button component={AppLink} to={data.successPath} variant="light" size="xs">
                {t('billing.sandbox.toConfirmation')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            {confirm.isError ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorMessage(confirm.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button
                component={AppLink}
                to={data.cancelPath}
                variant="default"
                data-testid="sandbox-checkout-cancel"
              >
                {t('common.cancel')}
              </Button>
              <Button
                color="orange"
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(undefined, { onSuccess: (response) => void navigate(response.redirectTo) })
                }
                data-testid="sandbox-checkout-pay"
              >
                {t('billing.sandbox.pay', { price })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
