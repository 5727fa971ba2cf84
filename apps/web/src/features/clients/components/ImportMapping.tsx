// The mapping step: for each client field, the file's column it is read from (suggested from the header names,
// changeable), and the file's first rows so the adviser sees what each column holds.
import { Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS, type ImportField } from '@bq/domain/client-import';

export type DraftMapping = Partial<Record<ImportField, string>>;

interface ImportMappingProps {
  headers: string[];
  preview: string[][];
  mapping: DraftMapping;
  onChange: (mapping: DraftMapping) => void;
}

export function ImportMapping({ headers, preview, mapping, onChange }: ImportMappingProps) {
  const { t } = useTranslation();
  const options = [...new Set(headers.filter((h) => h !== ''))];
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('clientImport.mapping.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('clientImport.mapping.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {IMPORT_FIELDS.map((field) => {
          const required = REQUIRED_IMPORT_FIELDS.includes(field);
          return (
            <Select
              key={field}
              label={t(`clientImport.field.${field}`)}
              required={required}
              placeholder={t('clientImport.mapping.notImported')}
              data={options}
              value={mapping[field] ?? null}
              clearable={!required}
              allowDeselect={!required}
              onChange={(value) => onChange({ ...mapping, [field]: value ?? undefined })}
              data-testid={`import-map-${field}`}
            />
          );
        })}
      </SimpleGrid>
      <Title order={3} size="h5">
        {t('clientImport.preview.title')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder fz="sm" data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              {headers.map((h, i) => (
                <Table.Th key={i}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.map((row, r) => (
              <Table.Tr key={r}>
                {headers.map((_, i) => (
                  <Table.Td key={i}>{row[i] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
