// One page of clients: name (the link to the client view, so the row is reachable by keyboard) with the e-mail
// under it, group, the latest interaction's status, expiry and invitation mail with a link straight to the latest result's dashboard
// under them, and the creation date. A click anywhere else on a row opens the client. Name and e-mail share a
// column, as do status and expiry, so the table fits 1366 px in German too; a narrower box scrolls, with a shadow on the hidden side.
import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import classes from './ClientTable.module.css';
import { useTranslation } from 'react-i18next';
import type { TClientListItem } from '@bq/contracts/clients';
import { clientDisplayName } from '../../../lib/client-display-name';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { useFormat } from '../../../lib/formats';
import { useAppNavigate } from '../../../lib/navigation';
import { ClientGroupBadge } from './ClientGroupBadge';
import { WebsiteLeadBadge } from './WebsiteLeadBadge';
import { ExpirationBadge } from './ExpirationBadge';
import { InteractionStatusBadge } from './InteractionStatusBadge';
import { AddToComparisonButton } from './AddToComparisonButton';
import { LatestResultLink } from './LatestResultLink';
import { ReviewDueText } from '../../yearly-review/components/ReviewDueText';
import { MailDeliveryShort } from './MailDeliveryShort';

interface ClientTableProps {
  items: TClientListItem[];
  productType: ProductType;
  /**
   * True while the next page or filter loads: the current rows stay, under a running bar. They are not dimmed: dimmed
   * text fails the contrast rule (axe measured it).
   */
  stale?: boolean;
  /** A leading tick-box column (features/bulk-send): its header and each row's cell. */
  select?: { header: ReactNode; cell: (client: TClientListItem) => ReactNode };
}

export function ClientTable({ items, productType, stale = false, select }: ClientTableProps) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const navigate = useAppNavigate();
  const clientPath = (token: string) => `/${productType}/client/${token}`;

  return (
    <div
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label={t('clients.list.tableLabel')}
      data-testid="client-list-scroller"
    >
      {/* Always 3 px high, so the table does not move; it runs (and is announced) while the next rows load. */}
      <div className={classes.updating} data-running={stale || undefined} role="status" data-testid="client-list-updating">
        {stale ? <VisuallyHidden>{t('clients.list.updating')}</VisuallyHidden> : null}
      </div>
      <Table
        miw={760}
        highlightOnHover
        verticalSpacing="sm"
        aria-label={t('clients.list.tableLabel')}
        aria-busy={stale || undefined}
        data-testid="client-list-table"
      >
        <Table.Thead>
          <Table.Tr>
            {select ? <Table.Th w={40}>{select.header}</Table.Th> : null}
            <Table.Th>{t('clients.list.column.name')}</Table.Th>
            <Table.Th>{t('clients.list.column.group')}</Table.Th>
            <Table.Th>{t('clients.list.column.interaction')}</Table.Th>
            <Table.Th>{t('clients.list.column.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((client) => (
            <Table.Tr
              key={client.token}
              data-testid={`client-row-${client.token}`}
              style={{ cursor: 'pointer' }}
              onClick={(event) => {
                // The name link handles its own clicks; text selection is no navigation.
                if ((event.target as HTMLElement).closest('a, button, input, label') || window.getSelection()?.toString())
                  return;
                navigate(clientPath(client.token));
              }}
            >
              {select ? <Table.Td>{select.cell(client)}</Table.Td> : null}
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    component={AppLink}
                    to={clientPath(client.token)}
                    fw={600}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="client-row-link"
                  >
                    {clientDisplayName(client)}
                  </Anchor>
                  {client.active ? null : (
                    <Badge size="sm" variant="outline" color="gray">
                      {t('clients.inactive')}
                    </Badge>
                  )}
                </Group>
                {/* The address under the name, not a column of its own: the table fits 1366 px in German too. */}
                <Text size="xs" c="dimmed" data-testid="client-row-email">
                  {client.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <ClientGroupBadge group={client.group} />
                  <WebsiteLeadBadge client={client} />
                </Stack>
              </Table.Td>
              <Table.Td>
                {/* The latest result sits under the latest interaction's status: in view without scrolling sideways. */}
                <Stack gap={4} align="flex-start">
                  {client.lastInstance ? (
                    <>
                      <Group gap={6} wrap="wrap">
                        <InteractionStatusBadge status={client.lastInstance.status} />
                        <ExpirationBadge status={client.lastInstance.expirationStatus ?? null} />
                      </Group>
                      <MailDeliveryShort mail={client.lastInstance.invitationMail} testId="client-row-invitation-mail" />
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('clients.list.noInteraction')}
                    </Text>
                  )}
                  <LatestResultLink client={client} productType={productType} />
                  {client.reviewDueAt && new Date(client.reviewDueAt).getTime() <= Date.now() ? <ReviewDueText dueAt={client.reviewDueAt} /> : null}
                  {/* A locked result cannot be compared (the server refuses it): unlock it first, on its dashboard. */}
                  {client.latestResult && client.latestResult.lockStatus !== 'LOCKED' ? (
                    <AddToComparisonButton
                      compact
                      productType={productType}
                      clientToken={client.token}
                      name={clientDisplayName(client)}
                    />
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(client.createdAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
