// Whether an interaction has expired or expires this or next month; nothing when it expires later or never.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TInstanceSummary } from '@bq/contracts/clients';
import { FULL_TEXT_BADGE, EXPIRATION_COLORS } from '../status-colors';

export function ExpirationBadge({ status }: { status: TInstanceSummary['expirationStatus'] }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge
      {...FULL_TEXT_BADGE}
      variant="light"
      color={EXPIRATION_COLORS[status]}
      data-testid="expiration-status"
      data-status={status}
    >
      {t(`expirationStatus.${status}`)}
    </Badge>
  );
}
