import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import deErrors from '../../../../../server/src/features/translations/data/DE_DE/ERROR.json';
import { resetTexts, seedTexts, textPrefixes, type Texts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { certificateOf } from '../test-data';
import { CertificatePage } from './CertificatePage';

const fetchMock = vi.fn<typeof fetch>();
type Handler = (init: RequestInit | undefined) => Response;
let handlers: Record<string, Handler>;

const contentUrl = (locale = 'EN_US') => `/api/report/content/bqp/certificate/i1?locale=${locale}`;
const REVOKE_URL = '/api/certificate/i1/revoke?locale=EN_US';
const DOWNLOAD_URL = '/api/report/download/i1?interactionType=certificate&locale=EN_US';
const text = (key: string) => enUsTexts[key]!;
const error = (errorKey: string, status: number) => () => jsonResponse({ errorKey, message: 'x' }, status);
const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
/** Only what GET /api/i18ns serves this page (texts.ts, with the page's addTextPrefixes): a key the page uses but does not
 * load shows as the raw key and fails the assertions below. */
const served = (texts: Texts) =>
  Object.fromEntries(Object.entries(texts).filter(([key]) => textPrefixes().some((prefix) => key.startsWith(prefix))));

beforeEach(() => {
  handlers = {
    [contentUrl()]: () => jsonResponse(certificateOf()),
    [contentUrl('DE_DE')]: () => jsonResponse(certificateOf({ locale: 'DE_DE' })),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const handler = handlers[String(input)];
    return handler ? handler(init) : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  resetTexts();
  seedTexts('EN_US', served(enUsTexts));
  seedTexts('DE_DE', served({ ...deBqui, ...deErrors } as Texts));
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
  window.history.replaceState(null, '', '/bqp/certificate/i1');
});

afterEach(() => window.history.replaceState(null, '', '/'));

const renderPage = () => render(<CertificatePage instanceToken="i1" />);

describe('certificate page (participant entry)', () => {
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
    const link = screen.getByLabelText(text('certificates.verificationLink.label'));
    expect(link).toHaveValue('https://bq.example/verify/certificate/vt_123');
    expect(link).toHaveAttribute('data-testid', 'certificate-verification-link');
    expect(screen.getByTestId('certificate-open-link')).toHaveAttribute('href', 'https://bq.example/verify/certificate/vt_123');
    expect(screen.getByRole('button', { name: text('certificates.toolbar.download') })).toHaveAttribute('data-testid', 'certificate-download');
    expect(screen.queryByTestId('certificate-revoked')).not.toBeInTheDocument();
    // Visitors and the holder may not revoke.
    expect(screen.queryByTestId('certificate-revoke-button')).not.toBeInTheDocument();
    expect(document.title).toBe(text('page.bqpCertificate.title'));
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('opens in the visitor\'s browser language, page and certificate alike', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    renderPage();
    expect(await screen.findByTestId('certificate-card')).toHaveAttribute('lang', 'de-DE');
    expect(screen.getByTestId('certificate-locale')).toHaveValue('DE_DE');
    expect(screen.getByTestId('certificate-download')).toHaveTextContent(deBqui['certificates.toolbar.download']);
    expect(callsTo(contentUrl())).toHaveLength(0);
    expect(callsTo(contentUrl('DE_DE'))).toHaveLength(1);
  });

  it('shows the certificate in the chosen language, dates included, and speaks it', async () => {
    renderPage();
    await screen.findByTestId('certificate-card');
    fireEvent.change(screen.getByLabelText(text('certificates.toolbar.language')), { target: { value: 'DE_DE' } });
    await waitFor(() => expect(screen.getByTestId('certificate-card')).toHaveAttribute('lang', 'de-DE'));
    expect(screen.getByTestId('certificate-card')).toHaveTextContent('Zertifikat');
    expect(screen.getByTestId('certificate-issued')).toHaveTextContent('05.04.2026');
    await waitFor(() => expect(screen.getByTestId('certificate-verification-link')).toHaveAccessibleName(deBqui['certificates.verificationLink.label']));
    expect(callsTo(contentUrl('DE_DE'))).toHaveLength(1);
  });

  it('offers a signed-in evaluator of the result the way back to its dashboard, at the top', async () => {
    handlers[contentUrl()] = () => jsonResponse(certificateOf({ dashboardPath: '/BQ_PERFORMANCE/client/c1/dashboard/i1' }));
    renderPage();
    const link = await screen.findByTestId('certificate-back-to-result');
    expect(link).toHaveAttribute('href', '/BQ_PERFORMANCE/client/c1/dashboard/i1');
    expect(link).toHaveTextContent(text('common.backToResult'));
    expect(screen.getByTestId('certificate-page').firstElementChild).toBe(link);
  });

  it('shows visitors the certificate without the link, asking nothing more (no user lookup, no login redirect)', async () => {
    renderPage();
    await screen.findByTestId('certificate-card');
    expect(screen.queryByTestId('certificate-back-to-result')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => !url.startsWith('/api/branding/'))).toEqual([contentUrl()]);
    expect(window.location.pathname).toBe('/bqp/certificate/i1');
  });

  it('marks a revoked certificate clearly and offers no verification link and no revocation', async () => {
    handlers[contentUrl()] = () =>
      jsonResponse(certificateOf({ status: 'REVOKED', revokedAt: '2026-06-01T08:00:00Z', canManage: true }));
    renderPage();
    const card = await screen.findByTestId('certificate-card');
    expect(card).toHaveAttribute('data-status', 'REVOKED');
    expect(screen.getByTestId('certificate-revoked-stamp')).toHaveTextContent('REVOKED on 06/01/2026');
    expect(screen.getByTestId('certificate-revoked')).toHaveTextContent(text('certificates.revoked.text').replace('{{date}}', '06/01/2026'));
    expect(screen.queryByTestId('certificate-verification-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('certificate-revoke-button')).not.toBeInTheDocument();
  });

  it('lets the issuing evaluator revoke after confirming; the page shows it revoked and says so', async () => {
    handlers[contentUrl()] = () => jsonResponse(certificateOf({ canManage: true }));
    handlers[REVOKE_URL] = () =>
      jsonResponse(certificateOf({ canManage: true, status: 'REVOKED', revokedAt: '2026-06-01T08:00:00Z' }));
    renderPage();

    fireEvent.click(await screen.findByTestId('certificate-revoke-button'));
    const question = screen.getByTestId('certificate-revoke-confirmation');
    expect(question).toHaveAccessibleName(text('certificates.revoke.confirmTitle'));
    expect(question).toHaveTextContent('Jürgen Schäfer');
    expect(within(question).getByRole('heading')).toHaveFocus();
    fireEvent.click(within(question).getByRole('button', { name: text('common.cancel') }));
    expect(screen.queryByTestId('certificate-revoke-confirmation')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('certificate-revoke-button')).toHaveFocus());
    expect(callsTo(REVOKE_URL)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('certificate-revoke-button'));
    fireEvent.click(screen.getByTestId('certificate-revoke-confirm'));
    await waitFor(() => expect(screen.getByTestId('certificate-card')).toHaveAttribute('data-status', 'REVOKED'));
    expect(screen.getByTestId('certificate-revoke-success')).toHaveTextContent(text('certificates.revoke.success'));
    expect(screen.getByTestId('certificate-revoked')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-verification-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('certificate-revoke-button')).not.toBeInTheDocument();
    const [, init] = callsTo(REVOKE_URL)[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(init?.headers).toMatchObject({ 'X-Source': 'web' });
  });

  it('says why a revocation failed: a general failure, or an ended session with the way to sign in again', async () => {
    handlers[contentUrl()] = () => jsonResponse(certificateOf({ canManage: true }));
    handlers[REVOKE_URL] = error('error.general', 500);
    renderPage();
    fireEvent.click(await screen.findByTestId('certificate-revoke-button'));
    fireEvent.click(screen.getByTestId('certificate-revoke-confirm'));
    expect(await screen.findByTestId('certificate-revoke-error')).toHaveTextContent(text('certificates.revoke.failed'));
    expect(screen.getByTestId('certificate-card')).toHaveAttribute('data-status', 'VALID');

    handlers[REVOKE_URL] = error('error.auth.unauthorized', 401);
    fireEvent.click(screen.getByTestId('certificate-revoke-button'));
    expect(screen.queryByTestId('certificate-revoke-error')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('certificate-revoke-confirm'));
    const signedOut = await screen.findByTestId('certificate-revoke-error');
    expect(signedOut).toHaveTextContent(text('certificates.revoke.signedOut'));
    expect(within(signedOut).getByRole('link', { name: text('certificates.revoke.signIn') })).toHaveAttribute(
      'href',
      '/login?redirectUrl=%2Fbqp%2Fcertificate%2Fi1',
    );
    // The page is public: the client did not send the evaluator away.
    expect(window.location.pathname).toBe('/bqp/certificate/i1');
  });

  it('downloads the certificate PDF in the shown language (the server picks its paper) and says when it is done', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:c' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    handlers[DOWNLOAD_URL] = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': '4',
          'Content-Disposition': 'attachment; filename="C.pdf"; filename*=UTF-8\'\'Zertifikat_Sch%C3%A4fer.pdf',
        },
      });
    renderPage();
    fireEvent.click(await screen.findByTestId('certificate-download'));
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'done'));
    expect(screen.getByTestId('download-status')).toHaveTextContent(
      text('download.finished').replace('{{fileName}}', 'Zertifikat_Schäfer.pdf'),
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect(callsTo(DOWNLOAD_URL)).toHaveLength(1);
  });

  it('says when the download failed', async () => {
    handlers[DOWNLOAD_URL] = error('error.general', 500);
    renderPage();
    fireEvent.click(await screen.findByTestId('certificate-download'));
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'error'));
    expect(screen.getByTestId('download-status')).toHaveTextContent(text('certificates.download.failed'));
    expect(screen.getByTestId('certificate-download')).toBeEnabled();
  });

  it('explains why there is no certificate: unknown link, not available, locked, link expired', async () => {
    const cases: [string, number, string, string][] = [
      ['error.not_found', 404, 'certificate-not-found', text('certificates.notFound.text')],
      ['error.certificate.not_available', 409, 'certificate-not-available', text('ERROR_CERTIFICATE_NOT_AVAILABLE')],
      ['error.result.locked', 402, 'certificate-locked', text('certificates.locked.text')],
      ['error.report.link_expired', 410, 'certificate-link-expired', text('reports.linkExpired.text')],
    ];
    for (const [errorKey, status, testId, message] of cases) {
      handlers[contentUrl()] = error(errorKey, status);
      const view = renderPage();
      expect(await screen.findByTestId(testId)).toHaveTextContent(message);
      view.unmount();
    }
  });

  it('offers a retry when loading failed, and shows the certificate once it works', async () => {
    handlers[contentUrl()] = error('error.general', 500);
    renderPage();
    const failed = await screen.findByTestId('certificate-error');
    expect(failed).toHaveTextContent(text('certificates.loadFailed.title'));
    handlers[contentUrl()] = () => jsonResponse(certificateOf());
    fireEvent.click(within(failed).getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('certificate-card')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-error')).not.toBeInTheDocument();
  });
});
