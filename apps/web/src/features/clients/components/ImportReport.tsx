// The check's report: what the import would do, and each problem by row and column, downloadable as CSV so the
// adviser can correct the file in their spreadsheet. After an import of the valid rows only (decision 0077) the same
// table lists the rows that were skipped.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientImportError, TClientImportResult } from '@bq/contracts/client-import';
import { useLocale } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-file';
import { reportCsv, rowErrorKey } from '../import/report-csv';

export function ImportReport({ report }: { report: TClientImportResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const problem = (e: TClientImportError) => t(rowErrorKey(e.errorKey), { defaultValue: e.message });
  const download = () =>
    saveBlob(
      reportCsv(report.errors, locale, {
        headings: [t('clientImport.errors.row'), t('clientImport.errors.column'), t('clientImport.errors.problem')],
        problem,
      }),
      'client-import-report.csv',
    );
  /** A finished import that wrote the valid rows: the problems are rows skipped, not reasons nothing was saved. */
  const skipped = !report.dryRun && report.skipInvalid;
  const summary = t('clientImport.summary', { rows: report.rows, created: report.created, updated: report.updated });

  if (report.errorCount === 0) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="import-check-ok">
        {t('clientImport.ready')} {summary}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="import-report">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {skipped
          ? t('clientImport.skipped.title', { count: report.skippedRows })
          : t('clientImport.errors.title', { count: report.errorCount })}
      </Alert>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {report.errors.length < report.errorCount ? t('clientImport.errors.more', { shown: report.errors.length, count: report.errorCount }) : summary}
        </Text>
        <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={download} data-testid="import-report-download">
          {t('clientImport.download')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={420} mah={420}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clientImport.errors.row')}</Table.Th>
              <Table.Th>{t('clientImport.errors.column')}</Table.Th>
              <Table.Th>{t('clientImport.errors.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.errors.map((e, i) => (
              <Table.Tr key={i} data-testid="import-error-row">
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column ?? '–'}</Table.Td>
                <Table.Td>{problem(e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
