// Saves the portfolio from a CSV of holdings (asset class and amount or weight per row) as of the form's date: read in
// the browser, checked with the contract's schema, saved by the same call as the form. A file it cannot read, or a
// refusal of its holdings, is said under the file input with the row it concerns.
import { useState } from 'react';
import { Alert, FileInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { ZPutPortfolioRequest } from '@bq/contracts/portfolio';
import { ApiError } from '../../../lib/api-client';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useSavePortfolio } from '../api/save-portfolio';
import { parseHoldingsCsv } from '../portfolio-csv';

export function PortfolioCsvUpload({ clientToken, asOf }: { clientToken: string; asOf: string }) {
  const { t } = useTranslation();
  const save = useSavePortfolio(clientToken);
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = (errorKey: string) => t(errorKeyToTranslationKey(errorKey) ?? 'validation.invalid');

  const load = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const parsed = parseHoldingsCsv(await file.text());
    if (parsed.error) return setProblem(t(parsed.error.key, { row: parsed.error.row ?? '', value: parsed.error.value ?? '' }));
    const checked = ZPutPortfolioRequest.safeParse({ asOf, positions: parsed.positions });
    if (!checked.success) return setProblem(refusal(checked.error.issues[0]?.message ?? 'error.validation'));
    save.mutate(checked.data, {
      onSuccess: () => showSuccess(t('portfolio.form.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setProblem(refusal(error.fields[0]?.errorKey ?? error.errorKey));
        else showApiError(error);
      },
    });
  };

  return (
    <Stack gap={4}>
      <FileInput
        label={t('portfolio.csv.label')}
        description={t('portfolio.csv.hint')}
        accept=".csv,text/csv"
        clearable
        onChange={(file) => void load(file)}
        disabled={save.isPending}
        data-testid="portfolio-csv"
      />
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="portfolio-csv-problem">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
