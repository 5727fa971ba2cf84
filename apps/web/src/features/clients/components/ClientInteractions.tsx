// The client's interactions in this product (newest first): status and where its invitation mail is, results lock,
// sent and expiry dates; each opens the interaction's actions page. "Send questionnaire" sits in the section's head.
// Statuses and mail states refresh by themselves while one can still change (the page's profile query polls).
import { Anchor, EmptyState, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientProfile } from '@bq/contracts/clients';
import { AppLink } from '../../../components/ui/AppLink';
import { formatRelativeTime } from '@bq/domain/formats';
import { useFormat } from '../../../lib/formats';
import { useLocale } from '../../../lib/i18n';
import { SendInteractionButton } from '../interactions/components/SendInteractionButton';
import type { ClientProduct } from '../use-client-product';
import { ExpirationBadge } from './ExpirationBadge';
import { InteractionStatusBadge } from './InteractionStatusBadge';
import { LockStatusBadge } from './LockStatusBadge';
import { MailDeliveryShort } from './MailDeliveryShort';

export function ClientInteractions({ client, product }: { client: TClientProfile; product: ClientProduct }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const locale = useLocale();
  // "3 days ago" / "vor 3 Tagen" through Intl.RelativeTimeFormat (kept out of the shared formats: the login page does not need it).
  const formatRelative = (date: string) => formatRelativeTime(date, locale);
  const headingId = `client-interactions-${client.token}`;
  const basePath = `/${client.productType}/client/${client.token}/interaction`;

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="client-interactions"
    >
      <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
        <Title order={2} fz="h4" id={headingId}>
          {t('clients.interactions.title')}
        </Title>
        <SendInteractionButton client={client} product={product} />
      </Group>
      {client.instances.length === 0 ? (
        <EmptyState
          py="lg"
          withIndicatorBackground
          icon={<IconClipboardList size={26} stroke={1.6} aria-hidden />}
          title={t('clients.interactions.empty.title')}
          description={t('clients.interactions.empty.text')}
          data-testid="client-interactions-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="sm" aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clients.interactions.column.sent')}</Table.Th>
                <Table.Th>{t('clients.interactions.column.status')}</Table.Th>
                <Table.Th>{t('clients.interactions.column.results')}</Table.Th>
                <Table.Th>{t('clients.interactions.column.expiry')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {client.instances.map((instance) => {
                const sent = formatDate(instance.createdAt);
                return (
                  <Table.Tr key={instance.token} data-testid={`client-interaction-row-${instance.token}`}>
                    <Table.Td>
                      <Anchor
                        component={AppLink}
                        to={`${basePath}/${instance.token}`}
                        fw={600}
                        aria-label={t('clients.interactions.open', { date: sent })}
                      >
                        {sent}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        <time dateTime={instance.createdAt}>{formatRelative(instance.createdAt)}</time>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <InteractionStatusBadge status={instance.status} />
                      <MailDeliveryShort mail={instance.invitationMail} testId={`client-interaction-invitation-mail-${instance.token}`} />
                    </Table.Td>
                    <Table.Td>
                      <LockStatusBadge
                        status={instance.lockStatus}
                        interactionStatus={instance.status}
                        to={`/${client.productType}/client/${client.token}/dashboard/${instance.token}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">
                          {instance.expiresAt
                            ? formatDate(instance.expiresAt)
                            : t('clients.interactions.noExpiry')}
                        </Text>
                        <ExpirationBadge status={instance.expirationStatus} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
