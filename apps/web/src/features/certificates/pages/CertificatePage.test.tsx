import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { certificateOf } from '../test-data';
import { CertificatePage } from './CertificatePage';

const fetchMock = vi.fn<typeof fetch>();
type Handler = (init: RequestInit | undefined) => Response;
let handlers: Record<string, Handler>;

const contentUrl = (locale = 'EN_US') => `/api/report/content/bqp/certificate/i1?locale=${locale}`;
const REVOKE_URL = '/api/certificate/i1/revoke?locale=EN_US';
const text = (key: string) => enUsTexts[key]!;
const error = (errorKey: string, status: number) => () => jsonResponse({ errorKey, message: 'x' }, status);
const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);

beforeAll(() => initTestI18n());

beforeEach(() => {
  window.history.replaceState(null, '', '/bqp/certificate/i1');
  handlers = {
    [contentUrl()]: () => jsonResponse(certificateOf()),
    [contentUrl('DE_DE')]: () => jsonResponse(certificateOf({ locale: 'DE_DE' })),
    '/api/user': error('error.auth.unauthorized', 401),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const handler = handlers[String(input)];
    return handler ? handler(init) : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => window.history.replaceState(null, '', '/'));

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return renderWithProviders(<CertificatePage />, {
    route: '/bqp/certificate/i1',
    path: '/bqp/certificate/:interactionInstanceToken',
    queryClient,
  });
}

describe('certificate view', () => {
  it('shows the framed certificate: holder, questionnaire, issuer, date, strengths and the verification link', async () => {
    renderPage();
    expect(screen.getByTestId('certificate-loading')).toHaveAttribute('role', 'status');
    const card = await screen.findByTestId('certificate-card');
    expect(card).toHaveAttribute('data-status', 'VALID');
    expect(within(card).getByRole('heading', { level: 1 })).toHaveTextContent('Jürgen Schäfer');
    expect(card).toHaveTextContent('This is to certify that');
    expect(screen.getByTestId('certificate-interaction')).toHaveTextContent('Performance profile');
    expect(screen.getByTestId('certificate-account')).toHaveTextContent('Demo Consulting');
    expect(screen.getByTestId('certificate-issued')).toHaveTextContent('04/05/2026');
    expect(within(screen.getByTestId('certificate-strengths')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('certificate-verification-link')).toHaveValue(
      'https://bq.example/verify/certificate/vt_123',
    );
    expect(screen.getByTestId('certificate-open-link')).toHaveAttribute(
      'href',
      'https://bq.example/verify/certificate/vt_123',
    );
    expect(screen.queryByTestId('certificate-revoked')).not.toBeInTheDocument();
    // Visitors and the holder may not revoke.
    expect(screen.queryByTestId('certificate-revoke-button')).not.toBeInTheDocument();
  });

  it('shows the certificate in the chosen language, dates included', async () => {
    renderPage();
    await screen.findByTestId('certificate-card');
    fireEvent.change(screen.getByLabelText(text('certificates.toolbar.language')), {
      target: { value: 'DE_DE' },
    });
    await waitFor(() => expect(screen.getByTestId('certificate-card')).toHaveAttribute('lang', 'de-DE'));
    expect(screen.getByTestId('certificate-card')).toHaveTextContent('Zertifikat');
    expect(screen.getByTestId('certificate-issued')).toHaveTextContent('05.04.2026');
    expect(callsTo(contentUrl('DE_DE'))).toHaveLength(1);
  });

  it('offers a signed-in evaluator of the result the way back to its dashboard, at the top', async () => {
    handlers[contentUrl()] = () => jsonResponse(certificateOf({ dashboardPath: '/BQ_PERFORMANCE/client/c1/dashboard/i1' }));
    renderPage();
    const link = await screen.findByTestId('certificate-back-to-result');
    expect(link).toHaveAttribute('href', '/BQ_PERFORMANCE/client/c1/dashboard/i1');
    expect(link).toHaveTextContent(text('common.backToResult'));
    expect(screen.getByTestId('certificate-page').firstElementChild).toContainElement(link);
  });

  it('shows visitors the certificate without the link, asking nothing more (no user lookup, no login redirect)', async () => {
    renderPage();
    await screen.findByTestId('certificate-card');
    expect(screen.queryByTestId('certificate-back-to-result')).not.toBeInTheDocument();
    expect(callsTo('/api/user')).toHaveLength(0);
    expect(callsTo('/api/instance/i1')).toHaveLength(0);
    expect(window.location.pathname).toBe('/bqp/certificate/i1');
  });

  it('marks a revoked certificate clearly and offers no verification link', async () => {
    handlers[contentUrl()] = () =>
      jsonResponse(certificateOf({ status: 'REVOKED', revokedAt: '2026-06-01T08:00:00Z', canManage: true }));
    renderPage();
    const card = await screen.findByTestId('certificate-card');
    expect(card).toHaveAttribute('data-status', 'REVOKED');
    expect(screen.getByTestId('certificate-revoked-stamp')).toHaveTextContent('REVOKED on 06/01/2026');
    expect(screen.getByTestId('certificate-revoked')).toHaveTextContent(
      text('certificates.revoked.text').replace('{{date}}', '06/01/2026'),
    );
    expect(screen.queryByTestId('certificate-verification-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('certificate-revoke-button')).not.toBeInTheDocument();
  });

  it('lets the issuing evaluator revoke after confirming; the page shows it revoked with a success toast', async () => {
    handlers[contentUrl()] = () => jsonResponse(certificateOf({ canManage: true }));
    handlers[REVOKE_URL] = () =>
      jsonResponse(certificateOf({ canManage: true, status: 'REVOKED', revokedAt: '2026-06-01T08:00:00Z' }));
    renderPage();

    fireEvent.click(await screen.findByTestId('certificate-revoke-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(text('certificates.revoke.confirmTitle'));
    expect(dialog).toHaveTextContent('Jürgen Schäfer');
    fireEvent.click(within(dialog).getByTestId('certificate-revoke-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(REVOKE_URL)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('certificate-revoke-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('certificate-revoke-confirm'));

    await waitFor(() =>
      expect(screen.getByTestId('certificate-card')).toHaveAttribute('data-status', 'REVOKED'),
    );
    expect(await screen.findByText(text('certificates.revoke.success'))).toBeInTheDocument();
    expect(screen.getByTestId('certificate-revoked')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-revoke-button')).not.toBeInTheDocument();
    const [, init] = callsTo(REVOKE_URL)[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(init?.headers).toMatchObject({ 'X-Source': 'web' });
  });

  it('downloads the certificate PDF through the report download', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: () => 'blob:c',
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const url = '/api/report/download/i1?interactionType=certificate&locale=EN_US&pageFormat=LETTER';
    handlers[url] = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': '4',
          'Content-Disposition':
            'attachment; filename="C.pdf"; filename*=UTF-8\'\'Zertifikat_Sch%C3%A4fer.pdf',
        },
      });
    renderPage();
    fireEvent.click(await screen.findByTestId('certificate-download'));
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'done'));
    expect(screen.getByTestId('download-status')).toHaveTextContent('Zertifikat_Schäfer.pdf');
    expect(click).toHaveBeenCalledTimes(1);
    expect(callsTo(url)).toHaveLength(1);
  });

  it('explains why there is no certificate: unknown link, not available, locked, link expired', async () => {
    handlers[contentUrl()] = error('error.not_found', 404);
    const first = renderPage();
    expect(await screen.findByTestId('certificate-not-found')).toBeInTheDocument();
    first.unmount();

    handlers[contentUrl()] = error('error.certificate.not_available', 409);
    const second = renderPage();
    expect(await screen.findByTestId('certificate-not-available')).toHaveTextContent(
      text('ERROR_CERTIFICATE_NOT_AVAILABLE'),
    );
    second.unmount();

    handlers[contentUrl()] = error('error.result.locked', 402);
    const third = renderPage();
    expect(await screen.findByTestId('certificate-locked')).toHaveTextContent(
      text('certificates.locked.text'),
    );
    third.unmount();

    handlers[contentUrl()] = error('error.report.link_expired', 410);
    renderPage();
    expect(await screen.findByTestId('certificate-link-expired')).toHaveTextContent(text('reports.linkExpired.text'));
  });
});
