import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import deErrors from '../../../../../server/src/features/translations/data/DE_DE/ERROR.json';
import { resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { downloadInfoOf, gatedPdfResponse, stubFileSaving } from '../test-data';
import { ReportDownloadPage } from './ReportDownloadPage';

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, () => Response>;

const INFO_URL = '/api/report/download/rdl_abc/info';
const DOWNLOAD_URL = '/api/report/download/rdl_abc';
const text = (key: string) => enUsTexts[key]!;
const error = (errorKey: string, status: number) => () => jsonResponse({ errorKey, message: 'x' }, status);
const calls = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeEach(() => {
  handlers = { [INFO_URL]: () => jsonResponse(downloadInfoOf()) };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const handler = handlers[String(input)];
    return handler ? handler() : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  seedTexts('DE_DE', { ...deBqui, ...deErrors } as Record<string, string>);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
});

const renderPage = () => render(<ReportDownloadPage reportDownloadToken="rdl_abc" />);

describe('mailed report link (participant entry)', () => {
  it('says which report it is, for whom and until when, and downloads it by the token with progress', async () => {
    const saved = stubFileSaving();
    const pdf = gatedPdfResponse({
      'Content-Disposition': 'attachment; filename="Risk-profile-report_Mueller_Anna_04-03-2026.pdf"',
    });
    handlers[DOWNLOAD_URL] = () => pdf.response;
    renderPage();
    expect(screen.getByTestId('report-link-loading')).toHaveAttribute('role', 'status');
    expect(await screen.findByTestId('report-link-summary')).toHaveTextContent(
      'Your report “Risk profile report” from Demo Advisory, for Anna Müller, available until 05/02/2026.',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('reportDownload.title'));
    expect(document.title).toBe(text('page.reportDownload.title'));
    const button = screen.getByRole('button', { name: text('reportDownload.download') });
    expect(button).toHaveAttribute('data-testid', 'report-link-download');
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: text('download.progress.label') })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '4\u00a0B of 8\u00a0B');
    expect(button).toHaveAttribute('data-loading');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // A second click while it runs starts no second download.
    fireEvent.click(button);
    pdf.release();
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'done'));
    expect(screen.getByTestId('download-status')).toHaveTextContent(
      text('download.finished').replace('{{fileName}}', 'Risk-profile-report_Mueller_Anna_04-03-2026.pdf'),
    );
    expect(saved.map((file) => file.download)).toEqual(['Risk-profile-report_Mueller_Anna_04-03-2026.pdf']);
    expect(button).not.toHaveAttribute('data-loading');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The token fixes type, language and format: no query.
    expect(calls().filter((url) => url === DOWNLOAD_URL)).toHaveLength(1);
  });

  it("speaks the report's language (the client's), not the browser's", async () => {
    handlers[INFO_URL] = () => jsonResponse(downloadInfoOf({ locale: 'DE_DE' }));
    renderPage();
    expect(await screen.findByTestId('report-link-summary')).toHaveTextContent(
      'für Anna Müller, verfügbar bis 02.05.2026',
    );
    expect(document.documentElement.lang).toBe('de-DE');
    expect(screen.getByTestId('report-link-download')).toHaveTextContent(deBqui['reportDownload.download']);
  });

  it('says an expired link has expired and how to get a new one, in the browser language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    handlers[INFO_URL] = error('error.auto_report.expired', 410);
    renderPage();
    const notice = await screen.findByTestId('report-link-expired');
    expect(notice).toHaveTextContent(deBqui['reportDownload.expired.title']);
    expect(notice).toHaveTextContent(deErrors['ERROR_AUTO_REPORT_EXPIRED']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(deBqui['reportDownload.expired.title']);
    expect(screen.queryByTestId('report-link-download')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('gives the general message for an unknown link, and a retry that shows the report once it works', async () => {
    handlers[INFO_URL] = error('error.not_found', 404);
    renderPage();
    const failed = await screen.findByTestId('report-link-failed');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent(text('reportDownload.failed.title'));
    expect(failed).toHaveTextContent(text('ERROR_AUTO_REPORT_GENERAL'));
    expect(screen.queryByTestId('report-link-download')).not.toBeInTheDocument();
    handlers[INFO_URL] = () => jsonResponse(downloadInfoOf());
    fireEvent.click(screen.getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('report-link-summary')).toHaveTextContent('Anna Müller');
    expect(screen.queryByTestId('report-link-failed')).not.toBeInTheDocument();
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

  it('falls back to the report message when a download failure has no text of its own', async () => {
    stubFileSaving();
    handlers[DOWNLOAD_URL] = error('error.something_unheard_of', 500);
    renderPage();
    fireEvent.click(await screen.findByTestId('report-link-download'));
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'error'));
    expect(screen.getByTestId('download-status')).toHaveTextContent(text('ERROR_AUTO_REPORT_GENERAL'));
  });
});
