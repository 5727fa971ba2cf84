// Unlocking was refused for want of credits (402): nothing was unlocked or charged. The buy button leads to the
// purchase choice of this product, which offers this result again after paying; trying again helps once credits arrived.
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoinOff, IconShoppingCart } from '@tabler/icons-react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { useFormat } from '../../../lib/formats';

interface PaymentRequiredPanelProps {
  balance: number;
  onRetry: () => void;
  retrying: boolean;
}

export function PaymentRequiredPanel({ balance, onRetry, retrying }: PaymentRequiredPanelProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const { productName = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="result-payment-required" role="alert">
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
          <IconCoinOff size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t('results.payment.title')}
        </Title>
        <Text>{t('ERROR_CREDIT_PAYMENT_REQUIRED')}</Text>
        <Text c="dimmed">
          {t('results.payment.text', {
            balance: t('shell.credits', { count: balance, formatted: formatNumber(balance, 0) }),
          })}
        </Text>
        <Group gap="sm">
          <Button
            component={AppLink}
            to={`/${productName}/credits?returnTo=${encodeURIComponent(pathname)}`}
            leftSection={<IconShoppingCart size={18} aria-hidden />}
            data-testid="result-buy-credits"
          >
            {t('results.payment.buy')}
          </Button>
          <Button variant="default" onClick={onRetry} loading={retrying}>
            {t('common.retry')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
