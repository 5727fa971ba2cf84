import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { DataExportPage } from './DataExportPage';

beforeAll(() => initTestI18n());
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404)));
});

describe('data export', () => {
  it("preselects the export's language from the user's language", async () => {
    renderWithProviders(<DataExportPage />, {
      route: '/product/BQ_RISK/export',
      path: '/product/:productName/export',
      queryClient: queryClientWithUser(userOf({ locale: 'DE_DE' })),
    });
    expect(await screen.findByTestId('export-language')).toHaveValue('DE_DE');
  });
});
