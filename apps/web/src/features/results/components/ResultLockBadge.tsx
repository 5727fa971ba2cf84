// Whether the result is open as a trial (no credit spent) or was unlocked with a credit.
import { Badge } from '@mantine/core';
import { IconGift, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';

export function ResultLockBadge({ status }: { status: TDashboard['lockStatus'] }) {
  const { t } = useTranslation();
  if (status === 'LOCKED') return null;
  const trial = status === 'TRIAL';
  const Icon = trial ? IconGift : IconLockOpen;
  return (
    <Badge
      size="lg"
      variant={trial ? 'filled' : 'outline'}
      color={trial ? 'orange.8' : 'green.8'}
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="result-lock-badge"
      data-status={status}
    >
      {t(trial ? 'results.lock.trial' : 'results.lock.unlocked')}
    </Badge>
  );
}
