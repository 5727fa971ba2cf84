// A LOCKED result: what unlocking costs (one credit), the current balance, and the button that spends it after a
// confirmation with the balance before and after. Without credits (402 error.credit.payment_required) nothing is
// unlocked and the payment-required panel says so. With a balance of 0 known up front, the panel offers buying credits
// (the product's credits page, which comes back here) instead of a confirmation that could only fail.
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCoins, IconLock, IconLockOpen, IconShoppingCart } from '@tabler/icons-react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/formats';
import { apiErrorMessage } from '../../../lib/notify';
import { hasProductPermission } from '../../../lib/product-access';
import type { ProductType } from '@bq/domain/product-types';
import { useLatestUnlock, useUnlockResult } from '../api/unlock-result';
import { PaymentRequiredPanel } from './PaymentRequiredPanel';

/** The German label ("Ergebnis für 1 Credit freischalten") is wider than a phone's card: let it wrap. */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%', paddingBlock: 6 },
  label: { whiteSpace: 'normal' },
} as const;

export function UnlockPanel({ token, completedAt }: { token: string; completedAt: string | null }) {
  const { t } = useTranslation();
  const { formatNumber, formatDate } = useFormat();
  const user = useSignedInUser();
  const { productName = '' } = useParams();
  const { pathname } = useLocation();
  const unlock = useUnlockResult(token);
  const latest = useLatestUnlock(token);
  const error = latest?.status === 'error' ? latest.error : null;
  const pending = latest?.status === 'pending';
  const paymentRequired = error instanceof ApiError && error.status === 402;
  if (paymentRequired) {
    return <PaymentRequiredPanel balance={user.creditBalance} onRetry={() => unlock.mutate()} retrying={pending} />;
  }
  // The server's rules (route productPermission): unlocking needs INDIVIDUAL_RESULTS/UPDATE, buying credits
  // INDIVIDUAL_RESULTS/CREATE. A user without them is told whom to ask instead of a button that answers 403.
  const product = productName as ProductType;
  const mayUnlock = hasProductPermission(user, product, 'INDIVIDUAL_RESULTS', 'UPDATE');
  const mayBuy = hasProductPermission(user, product, 'INDIVIDUAL_RESULTS', 'CREATE');
  const credits = (count: number) => t('shell.credits', { count, formatted: formatNumber(count, 0) });
  const balance = credits(user.creditBalance);
  // Spending a credit cannot be undone: the confirmation says what it costs and what is left afterwards.
  const confirmUnlock = () =>
    modals.openConfirmModal({
      title: t('results.unlock.confirm.title'),
      children: (
        <Text size="sm" data-testid="result-unlock-confirm-text">
          {t('results.unlock.confirm.text', {
            balance,
            after: credits(Math.max(0, user.creditBalance - 1)),
          })}
        </Text>
      ),
      labels: { confirm: t('results.unlock.confirm.confirm'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'result-unlock-confirm' },
      cancelProps: { 'data-testid': 'result-unlock-cancel' },
      onConfirm: () => unlock.mutate(),
    });
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="result-unlock-panel">
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t('results.unlock.title')}
        </Title>
        {completedAt ? (
          <Text size="sm">{t('results.header.completed', { date: formatDate(completedAt) })}</Text>
        ) : null}
        <Text c="dimmed">{t('results.unlock.text')}</Text>
        <Group gap="xs">
          <IconCoins size={18} aria-hidden />
          <Text size="sm" data-testid="result-unlock-balance">
            {t('results.unlock.balance', { balance })}
          </Text>
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(error)}
          </Alert>
        ) : null}
        <div>
          {!mayUnlock || (user.creditBalance < 1 && !mayBuy) ? (
            <Text size="sm" fw={500} data-testid="result-unlock-not-allowed">
              {t(mayUnlock ? 'results.unlock.askToBuy' : 'results.unlock.notAllowed')}
            </Text>
          ) : user.creditBalance < 1 ? (
            <Button
              component={AppLink}
              to={`/${productName}/credits?returnTo=${encodeURIComponent(pathname)}`}
              leftSection={<IconShoppingCart size={18} aria-hidden />}
              styles={WRAPPING_BUTTON}
              data-testid="result-unlock-buy"
            >
              {t('results.unlock.buy')}
            </Button>
          ) : (
            <Button
              leftSection={<IconLockOpen size={18} aria-hidden />}
              onClick={confirmUnlock}
              loading={pending}
              styles={WRAPPING_BUTTON}
              data-testid="result-unlock-button"
            >
              {t('results.unlock.button')}
            </Button>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
