// Per product: the clients on the user's allow-list (shown by name) with Remove, and a search to add more.
import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bq/contracts/user';
import { fullName } from '@bq/domain/initials';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useAddToAllowList } from '../api/add-to-allow-list';
import { useAllowListCandidates } from '../api/get-allow-list-candidates';
import { useRemoveFromAllowList } from '../api/remove-from-allow-list';

export function AllowListEditor({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [configId, setConfigId] = useState(user.currentProduct?.id ?? user.products[0]?.id ?? '');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const config = user.products.find((p) => p.id === configId) ?? null;
  const realm = config ? PRODUCT_TYPE_INFO[config.productType].realm : null;
  const canAdd = realm !== null && hasPermission(user.permissions, { realm, entity: 'ANONYMIZATION_ALLOW_LIST', action: 'CREATE' });
  const canRemove = realm !== null && hasPermission(user.permissions, { realm, entity: 'ANONYMIZATION_ALLOW_LIST', action: 'DELETE' });
  const entries = user.anonymizationAllowList.filter((e) => e.productConfigurationId === configId);
  const candidates = useAllowListCandidates(canAdd && q.length > 0 ? configId : null, q);
  const add = useAddToAllowList();
  const remove = useRemoveFromAllowList();

  if (user.products.length === 0) return <Text c="dimmed">{t('anonymisation.list.noProducts')}</Text>;
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('anonymisation.list.product')}
        value={configId}
        onChange={(event) => setConfigId(event.currentTarget.value)}
        data={user.products.map((p) => ({ value: p.id, label: t(PRODUCT_TYPE_INFO[p.productType].nameKey) }))}
        w={320}
      />
      {entries.length === 0 ? (
        <Text c="dimmed" data-testid="allow-list-empty">
          {t('anonymisation.list.empty')}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="allow-list">
          <Table.Caption>{t('anonymisation.list.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('anonymisation.list.name')}</Table.Th>
              <Table.Th scope="col">{t('anonymisation.list.email')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('anonymisation.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const name = fullName(entry.lastName, entry.firstName);
              return (
                <Table.Tr key={entry.bqUserToken}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{entry.email}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={!canRemove}
                      aria-label={t('anonymisation.list.removeNamed', { name })}
                      onClick={() =>
                        remove.mutate(
                          { productConfigurationId: configId, token: entry.bqUserToken },
                          { onSuccess: () => showSuccess(t('anonymisation.list.removed', { name })), onError: (error) => showApiError(error) },
                        )
                      }
                    >
                      {t('anonymisation.list.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {canAdd ? (
        <Stack gap="xs">
          <TextInput
            label={t('anonymisation.list.search')}
            description={t('anonymisation.list.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={420}
            data-testid="allow-list-search"
          />
          {q.length > 0 && candidates.data ? (
            candidates.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('anonymisation.list.noMatch')}
              </Text>
            ) : (
              <Stack gap={4} data-testid="allow-list-candidates">
                {candidates.data.items.map((c) => {
                  const name = fullName(c.lastName, c.firstName);
                  return (
                    <Group key={c.token} gap="sm">
                      <Text size="sm" w={260}>
                        {name} <Text span c="dimmed" size="xs">{c.email}</Text>
                      </Text>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={c.onList}
                        aria-label={t('anonymisation.list.addNamed', { name })}
                        onClick={() =>
                          add.mutate(
                            { productConfigurationId: configId, userToken: c.token },
                            { onSuccess: () => showSuccess(t('anonymisation.list.added', { name })), onError: (error) => showApiError(error) },
                          )
                        }
                      >
                        {c.onList ? t('anonymisation.list.onList') : t('anonymisation.list.add')}
                      </Button>
                    </Group>
                  );
                })}
              </Stack>
            )
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
