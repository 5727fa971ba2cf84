// The latest invitation mail of an interaction in a few words, for the client list and the client page's table
// (docs/decisions/0083): queued, sent (with the day), not sent yet, or not delivered. The reason is on the
// interaction's own page; here it is the state, so a mail that waits for a broken server is seen at a glance.
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconMailCheck, IconMailX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MailDeliveryState, TMailDelivery } from '@bq/contracts/mail';
import { useFormat } from '../../../lib/formats';

/** Darker shades, so small text keeps 4.5:1 on white (axe). */
export const MAIL_STATE_COLORS: Record<MailDeliveryState, string> = {
  QUEUED: 'gray.7',
  SENT: 'teal.9',
  DEFERRED: 'orange.9',
  FAILED: 'red.9',
};

const ICONS = { QUEUED: IconClock, SENT: IconMailCheck, DEFERRED: IconAlertTriangle, FAILED: IconMailX } as const;

export function MailDeliveryShort({ mail, testId }: { mail: TMailDelivery | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  if (!mail) return null;
  const Icon = ICONS[mail.state];
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId} data-state={mail.state}>
      <Icon size={14} aria-hidden color={`var(--mantine-color-${MAIL_STATE_COLORS[mail.state].replace('.', '-')})`} />
      <Text size="xs" c={MAIL_STATE_COLORS[mail.state]}>
        {t(`mailDelivery.short.${mail.state}`, { date: mail.sentAt ? formatDate(mail.sentAt) : '' })}
      </Text>
    </Group>
  );
}
