// The account's credit balance (credits unlock results), e.g. "1.234 Credits", linking to the purchase choice of
// the shell's product. On phones it moves into the user menu, where there is room for it.
import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../components/ui/AppLink';
import { useFormat } from '../../lib/formats';

export function CreditBalance({ balance, product }: { balance: number; product: ProductType | null }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const text = t('shell.credits', { count: balance, formatted: formatNumber(balance, 0) });
  const content = (
    <Group
      gap={6}
      wrap="nowrap"
      px="xs"
      title={t('shell.credits.hint')}
      data-testid="credit-balance"
      visibleFrom="sm"
    >
      <ThemeIcon variant="light" color="yellow" size="md" radius="xl" aria-hidden>
        <IconCoins size={16} stroke={1.8} />
      </ThemeIcon>
      <Text size="sm" fw={600} c="gray.9">
        {text}
      </Text>
    </Group>
  );
  if (!product) return content;
  return (
    <UnstyledButton
      component={AppLink}
      to={`/${product}/credits`}
      visibleFrom="sm"
      aria-label={t('shell.credits.buy', { balance: text })}
      data-testid="credit-balance-link"
    >
      {content}
    </UnstyledButton>
  );
}
