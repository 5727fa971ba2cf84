// /translations: internal helper for translators, a searchable table of the loaded keys and texts.
import { useDeferredValue, useState } from 'react';
import { Badge, EmptyState, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useFormat } from '../../../lib/formats';
import { loadedTranslations } from '../../../lib/i18n';

export function TranslationsPage() {
  const { t } = useTranslation();
  const { locale, formatNumber } = useFormat();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search).trim().toLowerCase();
  // Re-read on every render: useTranslation re-renders when the locale or its texts change.
  const entries = Object.entries(loadedTranslations()).sort(([a], [b]) => a.localeCompare(b));
  const shown = query
    ? entries.filter(([key, text]) => key.toLowerCase().includes(query) || text.toLowerCase().includes(query))
    : entries;

  return (
    <>
      <PageHeader title={t('page.translations.title')} description={t('internal.translations.lead')} />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <TextInput
          label={t('internal.translations.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
          type="search"
        />
        <Group gap="xs">
          <Badge variant="light">{locale}</Badge>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('internal.translations.count', {
              shown: formatNumber(shown.length, 0),
              total: formatNumber(entries.length, 0),
            })}
          </Text>
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {shown.length === 0 ? (
          <EmptyState
            p="xl"
            title={t('internal.translations.empty')}
            icon={<IconSearch size={24} aria-hidden />}
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" horizontalSpacing="md" striped stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="40%">
                    {t('internal.translations.key')}
                  </Table.Th>
                  <Table.Th scope="col">{t('internal.translations.text')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map(([key, text]) => (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
                        {key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{text}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}
