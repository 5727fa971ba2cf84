// The compared clients: shown in the chart or not (select / unselect by name), their result, their similarity to
// the first (the reference shows none), and the actions move to first place and remove.
import { ActionIcon, Badge, Button, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBarToUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientComparison } from '@bq/contracts/comparison';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { useFormat } from '../../../lib/formats';
import {
  removeFromComparison,
  selectClient,
  swapToFirst,
  unselectClient,
} from '../../../lib/comparison-store';

export function ComparisonClientTable({
  comparison,
  selected,
  productType,
}: {
  comparison: TClientComparison;
  selected: string[];
  productType: ProductType;
}) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" data-testid="comparison-client-table">
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>
          {t('comparison.clients.caption')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('comparison.clients.show')}</Table.Th>
            <Table.Th scope="col">{t('comparison.clients.name')}</Table.Th>
            <Table.Th scope="col">{t('comparison.clients.result')}</Table.Th>
            <Table.Th scope="col">{t('comparison.clients.similarity')}</Table.Th>
            <Table.Th scope="col">{t('comparison.clients.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comparison.clients.map((client, index) => (
            <Table.Tr key={client.token} data-testid="comparison-client-row">
              <Table.Td>
                <Checkbox
                  aria-label={t('comparison.clients.showClient', { name: client.displayName })}
                  checked={selected.includes(client.displayName)}
                  onChange={(event) =>
                    event.currentTarget.checked
                      ? selectClient(productType, client.displayName)
                      : unselectClient(productType, client.displayName)
                  }
                />
              </Table.Td>
              <Table.Td>
                <AppLink to={`/${productType}/client/${client.token}`} data-testid="comparison-client-name">
                  {client.displayName}
                </AppLink>
              </Table.Td>
              <Table.Td>
                <AppLink
                  to={`/${productType}/client/${client.token}/dashboard/${client.lastCompleteInteractionToken}`}
                >
                  {client.dashboardResults.name}, {formatDate(client.dashboardResults.date)}
                </AppLink>
              </Table.Td>
              <Table.Td data-testid="comparison-similarity">
                {index === 0 ? (
                  <Badge variant="light" color="gray">
                    {t('comparison.clients.reference')}
                  </Badge>
                ) : client.similarity === -1 ? (
                  <Text size="sm">{t('comparison.notComparable')}</Text>
                ) : (
                  <Text fw={700}>
                    {t('comparison.clients.similarityValue', { value: client.similarity })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {index === 0 ? null : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconArrowBarToUp size={16} aria-hidden />}
                      onClick={() => swapToFirst(productType, client.token)}
                      data-testid="comparison-swap"
                    >
                      {t('comparison.clients.swap')}
                    </Button>
                  )}
                  <Tooltip label={t('comparison.clients.remove', { name: client.displayName })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('comparison.clients.remove', { name: client.displayName })}
                      onClick={() => removeFromComparison(productType, client.token)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
