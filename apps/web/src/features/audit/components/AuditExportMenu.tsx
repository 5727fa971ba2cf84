// "Export" on the audit trail: the events that match the current filter as CSV (spreadsheets) or JSON Lines (tools),
// with the download's progress and outcome announced below. The export is itself recorded in the trail.
import { Button, Menu, Stack } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_EXPORT_FORMATS } from '@bq/contracts/audit';
import { DownloadStatus } from '../../../components/ui/DownloadStatus';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadAuditExport } from '../api/export-audit-events';
import type { AuditFilter } from '../api/list-audit-events';

export function AuditExportMenu({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation();
  const download = useFileDownload();
  return (
    <Stack gap={6} align="flex-start">
      <Menu position="bottom-start" shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={download.downloading}
            data-testid="audit-export"
          >
            {t('audit.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {AUDIT_EXPORT_FORMATS.map((format) => (
            <Menu.Item
              key={format}
              onClick={() =>
                void download.start((onProgress) => downloadAuditExport(filter, format, onProgress))
              }
              data-testid={`audit-export-${format}`}
            >
              {t(`audit.export.${format}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <DownloadStatus download={download} />
    </Stack>
  );
}
