// How the client gets the questionnaire: the personal link (copy, open) and the invitation e-mail, sent by the
// platform or prepared for the adviser's own mail program. Shown while the client can still answer; afterwards a
// sentence says why the link is no longer needed.
import { Alert, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstance } from '@bq/contracts/instances';
import { isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { useInvite } from '../api/get-invite';
import { InviteEmail } from './InviteEmail';
import { InviteLinkField } from './InviteLinkField';
import { SendInviteEmailButton } from './SendInviteEmailButton';

export function InviteSection({ instance, clientName }: { instance: TInstance; clientName: string }) {
  const { t } = useTranslation();
  const open = isOpenForAnswers(instance.status);
  const invite = useInvite(instance.token, { enabled: open });
  const headingId = `interaction-invite-${instance.token}`;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId} mb="xs">
        {t('interactions.invite.title')}
      </Title>
      {!open ? (
        <Text size="sm" c="dimmed" data-testid="interaction-invite-done">
          {instance.status === 'CLOSED'
            ? t('interactions.invite.closed')
            : t('interactions.invite.submitted')}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('interactions.invite.lead', { name: clientName })}
          </Text>
          {instance.expirationStatus === 'EXPIRED' ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              {t('interactions.invite.expired')}
            </Alert>
          ) : null}
          {invite.data ? (
            <>
              <InviteLinkField inviteUrl={invite.data.inviteUrl} />
              <Divider />
              <Title order={3} fz="h5">
                {t('interactions.email.title')}
              </Title>
              <SendInviteEmailButton instance={instance} to={invite.data.email.to} />
              <InviteEmail invite={invite.data} />
            </>
          ) : invite.isError ? (
            <ErrorState
              title={t('interactions.invite.loadFailed')}
              message={t('interactions.loadFailed.text')}
              onRetry={() => void invite.refetch()}
            />
          ) : (
            <Stack gap="sm" role="status" aria-label={t('common.loading')}>
              <Skeleton height={36} />
              <Skeleton height={120} />
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
