// The report's options above the document: its language, the PDF's paper format, anonymisation, and the PDF itself
// (download with progress, or a preview in a new tab).
import { Button, Checkbox, Group, NativeSelect, Paper, Stack } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_FORMATS, type PageFormat } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { DownloadStatus } from '../../../components/ui/DownloadStatus';
import { LocaleSelect } from '../../../components/ui/LocaleSelect';
import type { FileDownload } from '../../../lib/use-file-download';
import { PAGE_FORMAT_LABEL_KEYS } from '../report-options';

interface ReportToolbarProps {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  pageFormat: PageFormat;
  onPageFormatChange: (format: PageFormat) => void;
  anonymize: boolean;
  onAnonymizeChange: (anonymize: boolean) => void;
  download: FileDownload;
  onDownload: () => void;
  previewUrl: string;
}

export function ReportToolbar(props: ReportToolbarProps) {
  const { t } = useTranslation();
  const { download } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('reports.toolbar.label')}
      data-testid="report-toolbar"
    >
      <Stack gap="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <LocaleSelect
            label={t('reports.toolbar.language')}
            value={props.locale}
            onChange={props.onLocaleChange}
            testId="report-locale"
          />
          <NativeSelect
            label={t('reports.toolbar.pageFormat')}
            data={PAGE_FORMATS.map((format) => ({ value: format, label: t(PAGE_FORMAT_LABEL_KEYS[format]) }))}
            value={props.pageFormat}
            onChange={(event) => {
              const next = PAGE_FORMATS.find((format) => format === event.currentTarget.value);
              if (next) props.onPageFormatChange(next);
            }}
            data-testid="report-page-format"
          />
          <Checkbox
            label={t('reports.toolbar.anonymize')}
            description={t('reports.toolbar.anonymizeHint')}
            checked={props.anonymize}
            onChange={(event) => props.onAnonymizeChange(event.currentTarget.checked)}
            data-testid="report-anonymize"
            style={{ alignSelf: 'center' }}
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={props.onDownload}
            loading={download.downloading}
            data-testid="report-download"
          >
            {t('reports.toolbar.download')}
          </Button>
          <Button
            component="a"
            href={props.previewUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconExternalLink size={18} aria-hidden />}
            aria-label={t('reports.toolbar.previewNewTab')}
            data-testid="report-preview"
          >
            {t('reports.toolbar.preview')}
          </Button>
        </Group>
        <DownloadStatus download={download} />
      </Stack>
    </Paper>
  );
}
