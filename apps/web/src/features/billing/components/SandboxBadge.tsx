// The unmistakable mark of the sandbox provider: no card is charged and no money moves.
import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function SandboxBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="orange"
      variant="filled"
      size="lg"
      radius="sm"
      leftSection={<IconFlask size={16} aria-hidden />}
      data-testid="sandbox-badge"
    >
      {t('billing.sandbox.badge')}
    </Badge>
  );
}
