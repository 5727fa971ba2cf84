// /product/{productName}/export: product and language required (spec section 5), clients or results, CSV or XLSX.
// The file streams in with a progress bar (rows for CSV, bytes for XLSX, out of the server's X-Total-Rows) and
// can be cancelled; it is saved under the server's file name once complete.
import { useRef, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconDownload, IconLock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EXPORT_CONTENTS, ZExportForm, type ExportFormat, type TExportForm } from '@bq/contracts/export';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPE_INFO, isProductType, type ProductType } from '@bq/domain/product-types';
import { PageHeader } from '../../../components/ui/PageHeader';
import { isAbort } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { useFormat } from '../../../lib/formats';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { apiErrorMessage } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-file';
import { useZodForm } from '../../../lib/zod-form';
import { downloadExport, type ExportProgress } from '../api/download-export';

type Field = 'product' | 'locale' | 'content';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; format: ExportFormat; progress: ExportProgress | null }
  | { phase: 'done'; fileName: string; rows: number | null }
  | { phase: 'cancelled' }
  | { phase: 'error'; message: string };

const KB = 1024;
const MB = KB * 1024;

export function DataExportPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { productName = '' } = useParams();
  const { formatNumber } = useFormat();
  const products = user.products.map((p) => p.productType);
  const initialProduct = isProductType(productName) && products.includes(productName) ? productName : '';
  // The language starts as the user's own (spec section 5 requires one; the user may pick another).
  const form = useZodForm<Field, TExportForm>(ZExportForm, { product: initialProduct, locale: user.locale, content: 'clients' });
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const format = useRef<ExportFormat>('csv');
  const abort = useRef<AbortController | null>(null);

  const selected = form.values.product;
  const mayExport = (type: ProductType) =>
    hasProductPermission(user, type, 'INDIVIDUAL_EXPORT', 'READ');
  const forbidden = isProductType(selected) && !mayExport(selected);
  const running = state.phase === 'running';

  const formatBytes = (bytes: number) =>
    bytes >= MB ? `${formatNumber(bytes / MB, 1)}\u00a0MB` : bytes >= KB ? `${formatNumber(bytes / KB, 0)}\u00a0KB` : `${formatNumber(bytes, 0)}\u00a0B`;

  const start = async (data: TExportForm) => {
    const controller = new AbortController();
    abort.current = controller;
    const chosen = format.current;
    setState({ phase: 'running', format: chosen, progress: null });
    try {
      const file = await downloadExport(
        { productType: data.product, locale: data.locale, content: data.content, format: chosen },
        { signal: controller.signal, onProgress: (progress) => setState({ phase: 'running', format: chosen, progress }) },
      );
      saveBlob(file.blob, file.fileName);
      setState({ phase: 'done', fileName: file.fileName, rows: file.totalRows });
    } catch (error) {
      if (isAbort(error)) setState({ phase: 'cancelled' });
      else setState({ phase: 'error', message: apiErrorMessage(error, { fallbackKey: 'export.failed' }) });
    } finally {
      abort.current = null;
    }
  };

  const submitWith = (chosen: ExportFormat) => () => {
    format.current = chosen;
  };

  return (
    <>
      <PageHeader title={t('page.export.title')} description={t('export.lead')} />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <form onSubmit={form.handleSubmit((data) => void start(data))} noValidate aria-label={t('page.export.title')} data-testid="export-form">
          <Stack gap="md">
            <NativeSelect
              {...form.inputProps('product')}
              label={t('export.form.product')}
              withAsterisk
              disabled={running}
              data={[
                { value: '', label: t('export.form.productPlaceholder') },
                ...products.map((type) => ({ value: type, label: t(PRODUCT_TYPE_INFO[type].nameKey) })),
              ]}
              data-testid="export-product"
            />
            <NativeSelect
              {...form.inputProps('locale')}
              label={t('export.form.language')}
              description={t('export.form.languageHint')}
              withAsterisk
              disabled={running}
              data={[
                { value: '', label: t('export.form.languagePlaceholder') },
                ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NATIVE_NAMES[locale] })),
              ]}
              data-testid="export-language"
            />
            <Radio.Group
              label={t('export.form.content')}
              value={form.values.content}
              onChange={(value) => form.setValue('content', value)}
              data-testid="export-content"
            >
              <Stack gap="xs" mt="xs">
                {EXPORT_CONTENTS.map((content) => (
                  <Radio key={content} value={content} label={t(`export.content.${content}`)} disabled={running} data-testid={`export-content-${content}`} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="sm" c="dimmed">
              {t('export.locked')}
            </Text>
            {forbidden ? (
              <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} data-testid="export-forbidden">
                {t('export.noPermission')}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" leftSection={<IconDownload size={16} aria-hidden />} onClick={submitWith('csv')} disabled={running || forbidden} data-testid="export-csv">
                {t('export.button.csv')}
              </Button>
              <Button
                type="submit"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={submitWith('xlsx')}
                disabled={running || forbidden}
                data-testid="export-xlsx"
              >
                {t('export.button.xlsx')}
              </Button>
              {running ? (
                <Button variant="subtle" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => abort.current?.abort()} data-testid="export-cancel">
                  {t('export.button.cancel')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
        <ExportStatus state={state} formatBytes={formatBytes} formatCount={(n) => formatNumber(n, 0)} />
      </Paper>
    </>
  );
}

function ExportStatus({ state, formatBytes, formatCount }: { state: ExportState; formatBytes: (n: number) => string; formatCount: (n: number) => string }) {
  const { t } = useTranslation();
  let bar = null;
  if (state.phase === 'running') {
    const p = state.progress;
    const total = p?.totalRows ?? null;
    if (p && p.rows !== null && total !== null && total > 0) {
      const percent = Math.min(100, Math.round((p.rows / total) * 100));
      const text = t('export.progress.rows', { received: formatCount(p.rows), total: formatCount(total), size: formatBytes(p.bytes) });
      bar = (
        <Stack gap={4}>
          <Progress.Root size="lg" role="progressbar" aria-label={t('export.progress.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text} data-testid="export-progress">
            <Progress.Section value={percent} withAria={false} />
          </Progress.Root>
          <Text size="sm" data-testid="export-progress-text">
            {text}
          </Text>
        </Stack>
      );
    } else {
      const text = p ? t('export.progress.bytes', { size: formatBytes(p.bytes), total: formatCount(total ?? 0) }) : t('export.progress.starting');
      bar = (
        <Stack gap={4}>
          <Progress.Root size="lg" role="progressbar" aria-label={t('export.progress.label')} aria-valuetext={text} data-testid="export-progress" data-indeterminate>
            <Progress.Section value={100} striped animated withAria={false} />
          </Progress.Root>
          <Text size="sm" data-testid="export-progress-text">
            {text}
          </Text>
        </Stack>
      );
    }
  }
  const message =
    state.phase === 'done'
      ? t('export.done', { fileName: state.fileName, rows: state.rows === null ? '' : formatCount(state.rows) })
      : state.phase === 'cancelled'
        ? t('export.cancelled')
        : state.phase === 'error'
          ? state.message
          : '';
  return (
    <Stack gap="xs" mt="md">
      {bar}
      <Text size="sm" role="status" aria-live="polite" c={state.phase === 'error' ? 'red.8' : state.phase === 'done' ? 'green.9' : undefined} data-testid="export-status" data-state={state.phase}>
        {message}
      </Text>
    </Stack>
  );
}
