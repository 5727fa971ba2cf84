// /{productName}/client/import: choose a CSV or XLSX file, map its columns to client fields, check every row
// (a dry run of POST /api/u/import), then import all rows at once with a progress bar (docs/decisions/0048), or,
// when some rows have problems, only the valid ones, the skipped rows listed with their problems (decision 0077).
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Paper, Stack } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconFileSpreadsheet, IconListCheck, IconLock, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZClientImportMapping, type TClientImportResult } from '@bq/contracts/client-import';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { apiErrorMessage } from '../../../lib/notify';
import { useImportClients } from '../api/import-clients';
import { ImportMapping, type DraftMapping } from '../components/ImportMapping';
import { ImportProgress } from '../components/ImportProgress';
import { ImportReport } from '../components/ImportReport';
import { useClientProduct, type ClientProduct } from '../use-client-product';

export function ClientImportPage() {
  const product = useClientProduct();
  return product ? <ClientImport product={product} /> : null;
}

function ClientImport({ product }: { product: ClientProduct }) {
  const { t } = useTranslation();
  const { user, productType, configuration, canCreate } = product;
  const call = useImportClients(user.id);
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<DraftMapping>({});
  /** The latest dry run's answer; null after the mapping changed, so an import always follows a current check. */
  const [check, setCheck] = useState<TClientImportResult | null>(null);
  const [shape, setShape] = useState<{ headers: string[]; preview: string[][] } | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [done, setDone] = useState<TClientImportResult | null>(null);
  const complete = ZClientImportMapping.safeParse(mapping);
  const listPath = `/product/${productType}`;

  const runCheck = (chosen: File, withMapping?: DraftMapping) =>
    call.mutate(
      { productConfigurationId: configuration.id, dryRun: true, file: chosen, mapping: withMapping ? ZClientImportMapping.parse(withMapping) : undefined },
      {
        onSuccess: (report) => {
          setShape({ headers: report.headers, preview: report.preview });
          setMapping(report.mapping);
          setCheck(report.checked ? report : null);
        },
      },
    );

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setCheck(null);
    setShape(null);
    setDone(null);
    call.reset();
    if (chosen) runCheck(chosen);
  };

  const runImport = (skipInvalid = false) => {
    if (!file || !complete.success) return;
    setUploaded(0);
    call.mutate(
      { productConfigurationId: configuration.id, dryRun: false, skipInvalid, file, mapping: complete.data, onUploadProgress: setUploaded },
      { onSuccess: (result) => setDone(result), onSettled: () => setUploaded(null) },
    );
  };

  if (!canCreate) {
    return (
      <>
        <PageHeader title={t('page.clientImport.title')} description={t('clientImport.lead')} />
        <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} maw={720} data-testid="client-import-forbidden">
          {t('clientImport.noPermission')}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('page.clientImport.title')} description={t('clientImport.lead')} />
      <Paper withBorder radius="md" p="lg" maw={960}>
        <Stack gap="lg">
          <FileInput
            label={t('clientImport.file.label')}
            description={t('clientImport.file.hint')}
            placeholder={t('clientImport.file.placeholder')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={choose}
            clearable
            disabled={uploaded !== null}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            data-testid="import-file"
          />
          {call.isError ? (
            <Alert color="red" variant="light" role="alert" data-testid="import-failed">
              {apiErrorMessage(call.error, { fallbackKey: 'clientImport.failed' })}
            </Alert>
          ) : null}
          {done ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="import-done">
              <Stack gap="xs" align="flex-start">
                {t('clientImport.done', { created: done.created, updated: done.updated })}
                <Button component={AppLink} to={listPath} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />} data-testid="import-to-list">
                  {t('clientImport.toList')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {done && done.skippedRows > 0 ? <ImportReport report={done} /> : null}
          {shape && file && !done ? (
            <>
              <ImportMapping
                headers={shape.headers}
                preview={shape.preview}
                mapping={mapping}
                onChange={(next) => {
                  setMapping(next);
                  setCheck(null);
                }}
              />
              <Group>
                <Button
                  variant={check ? 'default' : 'filled'}
                  leftSection={<IconListCheck size={18} aria-hidden />}
                  disabled={!complete.success || uploaded !== null}
                  loading={call.isPending && uploaded === null}
                  onClick={() => runCheck(file, mapping)}
                  data-testid="import-check"
                >
                  {t('clientImport.check')}
                </Button>
              </Group>
              {check ? <ImportReport report={check} /> : null}
              {uploaded !== null ? <ImportProgress uploaded={uploaded} /> : null}
              {check && check.errorCount === 0 && uploaded === null ? (
                <Group>
                  <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => runImport()} data-testid="import-submit">
                    {t('clientImport.submit', { count: check.created + check.updated })}
                  </Button>
                </Group>
              ) : null}
              {check && check.errorCount > 0 && check.created + check.updated > 0 && uploaded === null ? (
                <Group>
                  <Button
                    variant="default"
                    leftSection={<IconUpload size={18} aria-hidden />}
                    onClick={() => runImport(true)}
                    data-testid="import-submit-valid"
                  >
                    {t('clientImport.submitValid', { count: check.created + check.updated, skipped: check.skippedRows })}
                  </Button>
                </Group>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}
