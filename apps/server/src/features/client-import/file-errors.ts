// The errorKeys of reading an import file (CSV or XLSX), shared by the readers, the worker that runs them and the route.
import { IMPORT_MAX_ROWS } from '@bq/contracts/client-import';
import { AppError } from '../../app-error';

export const IMPORT_FILE_ERRORS = {
  unreadable: 'error.import.unreadable',
  empty: 'error.import.empty',
  tooManyRows: 'error.import.too_many_rows',
  /** An XLSX over the inflation limits, or a file whose reading passed its time or memory limit (decision 0066). */
  tooLarge: 'error.import.too_large',
  unsupportedType: 'error.import.unsupported_type',
} as const;

export function tooManyRows(): AppError {
  return new AppError(IMPORT_FILE_ERRORS.tooManyRows, 413, `The file has more than ${IMPORT_MAX_ROWS} rows`);
}
