// The product mark and name; the name is the link's accessible text, the mark is decorative.
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-brand-8)" />
        <path
          d="M9 8h7.5a4.5 4.5 0 0 1 2.9 7.9A4.8 4.8 0 0 1 17 24H9zm3 3v4h4.3a2 2 0 0 0 0-4zm0 7v3h4.8a1.5 1.5 0 0 0 0-3z"
          fill="#fff"
        />
      </svg>
      <Text component="span" fw={700} fz="md" c="brand.9" visibleFrom={compact ? 'sm' : undefined}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
