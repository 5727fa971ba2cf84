// The check's report as a CSV file the adviser can keep beside the client file: row, column, problem, in the
// user's language and with the separator their spreadsheet expects (the one CSV writer, @bq/domain/csv).
import type { TClientImportError } from '@bq/contracts/client-import';
import { CSV_BOM, csvLine } from '@bq/domain/csv';
import type { Locale } from '@bq/domain/locales';

export function reportCsv(
  errors: readonly TClientImportError[],
  locale: Locale,
  text: { headings: [string, string, string]; problem: (error: TClientImportError) => string },
): Blob {
  const lines = [csvLine(text.headings, locale), ...errors.map((e) => csvLine([String(e.row), e.column ?? '', text.problem(e)], locale))];
  return new Blob([CSV_BOM, ...lines], { type: 'text/csv;charset=utf-8' });
}

/** The translation key of a row error: clientImport.rowError.required for error.validation.required. */
export function rowErrorKey(errorKey: string): string {
  return `clientImport.rowError.${errorKey.split('.').pop() ?? errorKey}`;
}
