// The import's report after a partial import (decision 0077): how many rows were skipped, and each skipped row by
// its line number, column and reason, in the user's language.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TClientImportResult } from '@bq/contracts/client-import';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { ImportReport } from './ImportReport';

beforeAll(() => initTestI18n());

const text = (key: string) => enUsTexts[key]!;

const partial: TClientImportResult = {
  dryRun: false,
  skipInvalid: true,
  headers: ['Vorname', 'Nachname', 'E-Mail', 'Sprache'],
  preview: [],
  mapping: { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail', locale: 'Sprache' },
  checked: true,
  rows: 6,
  created: 3,
  updated: 0,
  errorCount: 2,
  skippedRows: 2,
  errors: [
    { row: 3, column: 'E-Mail', field: 'email', errorKey: 'error.validation.invalid_email', message: 'Not a valid e-mail address' },
    { row: 4, column: 'Sprache', field: 'locale', errorKey: 'error.import.locale', message: 'Unknown language' },
  ],
  durationMs: 12,
};

describe('ImportReport', () => {
  it('after a partial import, says how many rows were skipped and lists each by line and reason', () => {
    renderWithProviders(<ImportReport report={partial} />);
    const report = screen.getByTestId('import-report');
    expect(within(report).getByRole('alert')).toHaveTextContent(text('clientImport.skipped.title').replace('{{count}}', '2'));
    const rows = within(report).getAllByTestId('import-error-row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['3', 'E-Mail', text('clientImport.rowError.invalid_email')],
      ['4', 'Sprache', text('clientImport.rowError.locale')],
    ]);
  });

  it('before the import, says nothing has been saved yet and that the valid rows can be imported alone', () => {
    renderWithProviders(<ImportReport report={{ ...partial, dryRun: true, skipInvalid: false }} />);
    expect(within(screen.getByTestId('import-report')).getByRole('alert')).toHaveTextContent(text('clientImport.errors.title').replace('{{count}}', '2'));
  });
});
