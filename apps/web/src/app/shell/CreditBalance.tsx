// The account's credit balance (credits unlock results), e.g. "1.234 Credits". On phones it moves into the
// user menu, where there is room for it.
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/formats';

export function CreditBalance({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const text = t('shell.credits', { count: balance, formatted: formatNumber(balance, 0) });
  return (
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
}
