// Whether an interaction's results are locked (a credit unlocks them), unlocked, or open as a trial.
import { Badge } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstanceSummary } from '@bq/contracts/clients';
import { FULL_TEXT_BADGE, LOCK_STATUS_COLORS } from '../status-colors';

export function LockStatusBadge({ status }: { status: TInstanceSummary['lockStatus'] }) {
  const { t } = useTranslation();
  const Icon = status === 'LOCKED' ? IconLock : IconLockOpen;
  return (
    <Badge
      {...FULL_TEXT_BADGE}
      variant="outline"
      color={LOCK_STATUS_COLORS[status]}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="lock-status"
      data-status={status}
    >
      {t(`lockStatus.${status}`)}
    </Badge>
  );
}
