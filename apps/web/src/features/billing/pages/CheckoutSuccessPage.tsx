// {productName}/checkout_success/{userReference}: where the provider sends the browser after paying. The payment
// counts only once the provider's signed webhook has arrived, so the page waits (polling) until the checkout is
// PAID, then shows the new balance and the way back to the result to unlock.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconList } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/formats';
import { apiErrorMessage } from '../../../lib/notify';
import { currentUserQueryKey } from '../../../lib/query-keys';
import { CHECKOUT_SLOW_AFTER_MS, useCheckoutStatus } from '../api/get-checkout-status';

export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const queryClient = useQueryClient();
  const { productName = '', userReference = '' } = useParams();
  const checkout = useCheckoutStatus(userReference);
  const [slow, setSlow] = useState(false);
  const paid = checkout.data?.status === 'PAID';

  useEffect(() => {
    if (paid) return;
    const timer = window.setTimeout(() => setSlow(true), CHECKOUT_SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [paid]);
  // The header's balance follows once the credits are in.
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [paid, queryClient]);

  const credits = (count: number) => t('shell.credits', { count, formatted: formatNumber(count, 0) });

  if (checkout.isError) {
    if (checkout.error instanceof ApiError && checkout.error.status === 404) {
      return (
        <NoticePanel
          icon={<IconAlertTriangle size={26} />}
          title={t('page.checkoutSuccess.title')}
          text={t('billing.success.notFound')}
          testId="checkout-success-not-found"
          centered={false}
        />
      );
    }
    return (
      <ErrorState
        title={t('page.checkoutSuccess.title')}
        message={apiErrorMessage(checkout.error)}
        onRetry={() => void checkout.refetch()}
      />
    );
  }
  const data = checkout.data;
  if (!data || data.status !== 'PAID') {
    return (
      <StatePanel
        icon={<Loader size={24} aria-hidden />}
        color="blue"
        title={t('billing.success.pending.title')}
        status="PENDING"
      >
        <Stack gap="xs" aria-live="polite">
          <Text c="dimmed">{t('billing.success.pending.text')}</Text>
          {slow ? <Text c="dimmed">{t('billing.success.slow')}</Text> : null}
        </Stack>
      </StatePanel>
    );
  }
  return (
    <StatePanel
      icon={<IconCircleCheck size={26} />}
      color="green"
      title={t('page.checkoutSuccess.title')}
      status="PAID"
    >
      <Text data-testid="checkout-success-added">
        {t('billing.success.added', { credits: credits(data.credits) })}
      </Text>
      <Text fw={600} fz="lg" data-testid="checkout-success-balance">
        {t('billing.success.balance', { balance: credits(data.creditBalance) })}
      </Text>
      <Group gap="sm" mt="xs">
        {data.returnTo ? (
          <Button
            component={AppLink}
            to={data.returnTo}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            data-testid="checkout-success-to-result"
          >
            {t('billing.success.toResult')}
          </Button>
        ) : null}
        <Button
          component={AppLink}
          to={`/product/${productName}`}
          variant={data.returnTo ? 'default' : 'filled'}
          leftSection={<IconList size={18} aria-hidden />}
        >
          {t('billing.success.toClients')}
        </Button>
      </Group>
    </StatePanel>
  );
}

function StatePanel({
  icon,
  color,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  status: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="checkout-success" data-status={status}>
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
