// The client list on a phone: one card per client instead of a table that would scroll sideways. Each card keeps
// what the adviser looks for first: the name (the link to the client), the latest interaction's status, the latest
// result (one click to its dashboard) and the expiry; group and e-mail follow in small print.
import type { ReactNode } from 'react';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TClientListItem } from '@bq/contracts/clients';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { clientDisplayName } from '../../../lib/client-display-name';
import { ClientGroupBadge } from './ClientGroupBadge';
import { WebsiteLeadBadge } from './WebsiteLeadBadge';
import { ExpirationBadge } from './ExpirationBadge';
import { InteractionStatusBadge } from './InteractionStatusBadge';
import { LatestResultLink } from './LatestResultLink';
import { ReviewDueText } from '../../yearly-review/components/ReviewDueText';
import { MailDeliveryShort } from './MailDeliveryShort';

export function ClientCardList({
  items,
  productType,
  select,
}: {
  items: TClientListItem[];
  productType: ProductType;
  /** A tick box before each name (features/bulk-send). */
  select?: (client: TClientListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('clients.list.tableLabel')} data-testid="client-card-list">
      {items.map((client) => (
        <Card component="li" withBorder radius="md" p="sm" key={client.token} data-testid={`client-card-${client.token}`}>
          <Stack gap={6}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {select?.(client)}
              {/* A long name wraps instead of running out of the card. */}
              <Anchor component={AppLink} to={`/${productType}/client/${client.token}`} fw={600} miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="client-card-link">
                {clientDisplayName(client)}
              </Anchor>
            </Group>
            <Group gap="xs" wrap="wrap">
              {client.lastInstance ? (
                <InteractionStatusBadge status={client.lastInstance.status} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('clients.list.noInteraction')}
                </Text>
              )}
              <ExpirationBadge status={client.lastInstance?.expirationStatus ?? null} />
            </Group>
            <MailDeliveryShort mail={client.lastInstance?.invitationMail} testId="client-card-invitation-mail" />
            <LatestResultLink client={client} productType={productType} testId="client-card-result" />
            {client.reviewDueAt && new Date(client.reviewDueAt).getTime() <= Date.now() ? <ReviewDueText dueAt={client.reviewDueAt} /> : null}
            <Group gap="xs" wrap="wrap">
              <ClientGroupBadge group={client.group} />
              <WebsiteLeadBadge client={client} />
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {client.email}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
