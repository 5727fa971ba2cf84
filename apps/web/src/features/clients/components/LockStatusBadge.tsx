// Whether an interaction's result is locked (a credit unlocks it), unlocked, or open as a trial. Only a finished
// result has a lock: a questionnaire not yet answered shows "No result yet", never LOCKED (issue 22 point 14).
// With `to`, the badge is a link to the result's dashboard, so the client page opens the result in one click.
import { Anchor, Badge, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstanceSummary } from '@bq/contracts/clients';
import { hasResult, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { AppLink } from '../../../components/ui/AppLink';
import { FULL_TEXT_BADGE, LOCK_STATUS_COLORS } from '../status-colors';

interface LockStatusBadgeProps {
  status: TInstanceSummary['lockStatus'];
  /** The interaction's status: the lock means something only once there is a result. */
  interactionStatus: InteractionStatus;
  /** The result's dashboard, when the badge should open it. */
  to?: string;
}

export function LockStatusBadge({ status, interactionStatus, to }: LockStatusBadgeProps) {
  const { t } = useTranslation();
  if (!hasResult(interactionStatus))
    return (
      <Text size="sm" c="dimmed" data-testid="lock-status" data-status="NO_RESULT">
        {t('lockStatus.noResult')}
      </Text>
    );
  const Icon = status === 'LOCKED' ? IconLock : IconLockOpen;
  const badge = (
    <Badge
      {...FULL_TEXT_BADGE}
      variant="outline"
      color={LOCK_STATUS_COLORS[status]}
      leftSection={<Icon size={12} aria-hidden />}
      style={to ? { cursor: 'pointer' } : undefined}
      data-testid={to ? undefined : 'lock-status'}
      data-status={to ? undefined : status}
    >
      {t(`lockStatus.${status}`)}
    </Badge>
  );
  if (!to) return badge;
  return (
    <Anchor
      component={AppLink}
      to={to}
      aria-label={t('lockStatus.openResult', { status: t(`lockStatus.${status}`) })}
      data-testid="lock-status"
      data-status={status}
    >
      {badge}
    </Anchor>
  );
}
