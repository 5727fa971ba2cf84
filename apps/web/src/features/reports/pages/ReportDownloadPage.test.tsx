import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { downloadInfoOf, gatedPdfResponse, stubFileSaving } from '../test-data';
import { ReportDownloadPage } from './ReportDownloadPage';

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, () => Response>;

const INFO_URL = '/api/report/download/rdl_abc/info';
const DOWNLOAD_URL = '/api/report/download/rdl_abc';
const text = (key: string) => enUsTexts[key]!;
const error = (errorKey: string, status: number) => () => jsonResponse({ errorKey, message: 'x' }, status);

beforeAll(() => initTestI18n());

beforeEach(() => {
  window.history.replaceState(null, '', '/report/rdl_abc/download');
  handlers = { [INFO_URL]: () => jsonResponse(downloadInfoOf()) };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const handler = handlers[String(input)];
    return handler ? handler() : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => window.history.replaceState(null, '', '/'));

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return renderWithProviders(<ReportDownloadPage />, {
    route: '/report/rdl_abc/download',
    path: '/report/:reportDownloadToken/download',
    queryClient,
  });
}

describe('mailed report link', () => {
  it('says which report it is, for whom and until when, and downloads it by the token with progress', async () => {
    const saved = stubFileSaving();
    const pdf = gatedPdfResponse({
      'Content-Disposition': 'attachment; filename="Risk-profile-report_Mueller_Anna_04-03-2026.pdf"',
    });
    handlers[DOWNLOAD_URL] = () => pdf.response;
    renderPage();
    expect(await screen.findByTestId('report-link-summary')).toHaveTextContent(
      'Your report “Risk profile report” from Demo Advisory, for Anna Müller, available until 05/02/2026.',
    );
    const button = screen.getByTestId('report-link-download');
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: text('download.progress.label') })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    expect(button).toHaveAttribute('data-loading');
    pdf.release();
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'done'));
    expect(saved.map((file) => file.download)).toEqual(['Risk-profile-report_Mueller_Anna_04-03-2026.pdf']);
    expect(button).not.toHaveAttribute('data-loading');
    // The token fixes type, language and format: no query.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(DOWNLOAD_URL);
  });

  it('says an expired link has expired and how to get a new one', async () => {
    handlers[INFO_URL] = error('error.auto_report.expired', 410);
    renderPage();
    const notice = await screen.findByTestId('report-link-expired');
    expect(notice).toHaveTextContent(text('reportDownload.expired.title'));
    expect(notice).toHaveTextContent(text('ERROR_AUTO_REPORT_EXPIRED'));
    expect(screen.queryByTestId('report-link-download')).not.toBeInTheDocument();
  });

  it('gives the general message for an unknown link', async () => {
    handlers[INFO_URL] = error('error.not_found', 404);
    renderPage();
    expect(await screen.findByTestId('report-link-failed')).toHaveTextContent(
      text('ERROR_AUTO_REPORT_GENERAL'),
    );
  });

  it('shows the translated reason when the link expires between page load and download', async () => {
    stubFileSaving();
    handlers[DOWNLOAD_URL] = error('error.auto_report.expired', 410);
    renderPage();
    fireEvent.click(await screen.findByTestId('report-link-download'));
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'error'));
    expect(screen.getByTestId('download-status')).toHaveTextContent(text('ERROR_AUTO_REPORT_EXPIRED'));
    expect(screen.getByTestId('report-link-download')).not.toHaveAttribute('data-loading');
  });
});
