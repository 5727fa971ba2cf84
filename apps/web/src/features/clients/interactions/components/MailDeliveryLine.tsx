// Where one of an interaction's mails really is (docs/decisions/0083, issue 37 point 5): queued, sent (when the mail
// server took it), not sent yet with the last attempt's error, or not delivered. A mail that has not left is an alert
// that names the reason and where the sender is checked, so the adviser is never told "emailed" for a waiting mail.
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMailDelivery } from '@bq/contracts/mail';
import { useFormat } from '../../../../lib/formats';
import { MAIL_STATE_COLORS } from '../../components/MailDeliveryShort';

export function MailDeliveryLine({ mail, kind, testId }: { mail: TMailDelivery; kind: 'invitation' | 'report'; testId: string }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const sentence = t(`mailDelivery.state.${mail.state}`, {
    date: formatDateTime(mail.state === 'SENT' && mail.sentAt ? mail.sentAt : mail.queuedAt),
    reason: mail.reason ?? t('mailDelivery.noReason'),
  });
  if (mail.state === 'QUEUED' || mail.state === 'SENT') {
    return (
      <Text size="sm" c={MAIL_STATE_COLORS[mail.state]} data-testid={testId} data-state={mail.state}>
        <Text span fw={600} inherit>
          {t(`mailDelivery.kind.${kind}`)}:
        </Text>{' '}
        {sentence}
      </Text>
    );
  }
  return (
    <Alert
      color={mail.state === 'FAILED' ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`${t(`mailDelivery.kind.${kind}`)}: ${t(`mailDelivery.title.${mail.state}`)}`}
      data-testid={testId}
      data-state={mail.state}
    >
      <Text size="sm">{sentence}</Text>
      <Text size="sm" mt={4}>
        {t('mailDelivery.checkSender')}
      </Text>
    </Alert>
  );
}
