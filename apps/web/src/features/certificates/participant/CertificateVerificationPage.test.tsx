import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import { resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { verificationOf } from '../test-data';
import { CertificateVerificationPage } from './CertificateVerificationPage';

const fetchMock = vi.fn<typeof fetch>();
const URL_EN = '/api/verification/certificate/vt_123?locale=EN_US';
const text = (key: string) => enUsTexts[key]!;
const verificationCalls = () =>
  fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => url.startsWith('/api/verification/'));

/** Answers the certificate check with `answer`; branding answers "no branding". */
function answerCheck(...answers: Response[]) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/verification/')) return Promise.resolve(answers.shift() ?? answers.at(-1)!.clone());
    return Promise.resolve(jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404));
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  seedTexts('DE_DE', deBqui as Record<string, string>);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
});

const renderPage = () => render(<CertificateVerificationPage certificateToken="vt_123" />);

describe('certificate verification (participant entry)', () => {
  it('says clearly that a valid certificate is valid, naming holder, questionnaire, issuer and since when', async () => {
    answerCheck(jsonResponse(verificationOf()));
    renderPage();
    expect(screen.getByTestId('verification-loading')).toHaveAttribute('role', 'status');
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveAttribute('data-status', 'VALID');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('certificateVerification.valid.title'));
    expect(screen.getByTestId('verification-holder')).toHaveTextContent('Jürgen Schäfer');
    expect(screen.getByTestId('verification-interaction')).toHaveTextContent('Performance profile');
    expect(screen.getByTestId('verification-issuer')).toHaveTextContent('Demo Consulting');
    expect(screen.getByTestId('verification-since')).toHaveTextContent('04/05/2026');
    expect(verificationCalls()).toEqual([URL_EN]);
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.title).toBe(text('page.certificateVerification.title'));
  });

  it('speaks the visitor\'s browser language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    answerCheck(jsonResponse(verificationOf()));
    renderPage();
    expect(await screen.findByTestId('verification-verdict')).toHaveTextContent('Gültiges Zertifikat');
    expect(verificationCalls()).toEqual(['/api/verification/certificate/vt_123?locale=DE_DE']);
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('says a revoked certificate is not valid, since when, and names nobody', async () => {
    answerCheck(jsonResponse(verificationOf({ status: 'REVOKED', holderName: null, revokedAt: '2026-06-01T08:00:00Z' })));
    renderPage();
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveAttribute('data-status', 'REVOKED');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('certificateVerification.invalid.title'));
    expect(screen.getByTestId('verification-revoked-at')).toHaveTextContent('06/01/2026');
    expect(result).toHaveTextContent(text('certificateVerification.revoked.text').replace('{{date}}', '06/01/2026'));
    expect(screen.queryByTestId('verification-holder')).not.toBeInTheDocument();
  });

  it('says "not valid" for a link without a certificate (an unknown or forged token)', async () => {
    answerCheck(jsonResponse({ errorKey: 'error.certificate.not_found', message: 'x' }, 404));
    renderPage();
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveAttribute('data-status', 'NOT_FOUND');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('certificateVerification.invalid.title'));
    expect(result).toHaveTextContent(text('certificateVerification.notFound.text'));
  });

  it('offers a retry when the check itself failed, and shows the verdict once it works', async () => {
    answerCheck(jsonResponse({ errorKey: 'error.general', message: 'x' }, 500), jsonResponse(verificationOf()));
    renderPage();
    const error = await screen.findByTestId('verification-error');
    expect(error).toHaveTextContent(text('certificateVerification.loadFailed.title'));
    expect(screen.queryByTestId('certificate-verification')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('certificate-verification')).toHaveAttribute('data-status', 'VALID');
    expect(screen.queryByTestId('verification-error')).not.toBeInTheDocument();
  });
});
