// "Yearly review due on <date>" (or "since <date>" once it has passed), beside the client's send button and in the
// client list: the adviser's cue that the client's risk profile is a year old (docs/decisions/0093).
import { Badge } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';

export function ReviewDueText({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const passed = new Date(dueAt).getTime() <= Date.now();
  return (
    <Badge color={passed ? 'orange' : 'yellow'} variant="light" leftSection={<IconCalendarRepeat size={14} aria-hidden />} data-testid="review-due" style={{ textTransform: 'none' }}>
      {t(passed ? 'review.dueSince' : 'review.dueOn', { date: formatDate(dueAt) })}
    </Badge>
  );
}
