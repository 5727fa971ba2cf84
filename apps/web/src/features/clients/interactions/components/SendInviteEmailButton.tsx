// "Send invitation by email": the platform sends the prepared invitation to the client's address itself (through
// its outbox), in the client's language. Says where the latest invitation mail really is (queued, sent, not sent yet
// and why, not delivered: docs/decisions/0083); disabled once the link has expired.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstance } from '@bq/contracts/instances';
import { showSuccess } from '../../../../lib/notify';
import { useSendInviteEmail } from '../api/send-invite-email';
import { shownEmail } from '../../../../lib/client-display-name';
import { MailDeliveryLine } from './MailDeliveryLine';

export function SendInviteEmailButton({ instance, to }: { instance: TInstance; to: string }) {
  const { t } = useTranslation();
  const send = useSendInviteEmail(instance.token);
  const expired = instance.expirationStatus === 'EXPIRED';

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('interactions.emailSend.lead', { email: shownEmail(to, t) })}
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          loading={send.isPending}
          disabled={expired}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (response) => showSuccess(t('interactions.emailSend.success', { email: shownEmail(response.sentTo, t) })),
            })
          }
          data-testid="interaction-send-invite-email"
        >
          {instance.invitedAt ? t('interactions.emailSend.again') : t('interactions.emailSend.button')}
        </Button>
      </Group>
      {instance.invitationMail ? (
        <MailDeliveryLine mail={instance.invitationMail} kind="invitation" testId="interaction-invitation-mail" />
      ) : null}
    </Stack>
  );
}
