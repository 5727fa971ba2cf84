// Upload of a Shiller-format monthly CSV (at most 5 MB, checked before sending); the server's refusal is shown
// translated below the form, a success as a toast (the status above refreshes from the answer).
import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, showSuccess } from '../../../lib/notify';
import { useImportMarketHistory } from '../api/import-market-history';

/** Largest CSV the server accepts (its bodyLimit). */
export const MAX_MARKET_HISTORY_BYTES = 5 * 1024 * 1024;

export function MarketHistoryImportForm() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useImportMarketHistory();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
    setFileError(
      chosen && chosen.size > MAX_MARKET_HISTORY_BYTES
        ? t('marketHistory.import.tooLarge', { max: 5 })
        : null,
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('marketHistory.import.required'));
      return;
    }
    if (fileError) return;
    const csv = await file.text();
    upload.mutate(
      { csv, source: file.name },
      {
        onSuccess: (status) => {
          setFile(null);
          showSuccess(t('marketHistory.import.success', { months: status.rowCount }));
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('marketHistory.import.title')} noValidate>
      <Stack gap="md">
        <FileInput
          label={t('marketHistory.import.label')}
          description={t('marketHistory.import.hint')}
          placeholder={t('marketHistory.import.placeholder')}
          accept=".csv,text/csv"
          value={file}
          onChange={choose}
          error={fileError}
          clearable
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          data-testid="market-history-file"
        />
        {upload.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {apiErrorMessage(upload.error, { fallbackKey: 'marketHistory.import.failed' })}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            loading={upload.isPending}
            leftSection={<IconUpload size={18} aria-hidden />}
            data-testid="market-history-import"
          >
            {t('marketHistory.import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
