import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { verificationOf } from '../test-data';
import { CertificateVerificationPage } from './CertificateVerificationPage';

const fetchMock = vi.fn<typeof fetch>();
const URL_EN = '/api/verification/certificate/vt_123?locale=EN_US';
const text = (key: string) => enUsTexts[key]!;

beforeAll(() => initTestI18n());

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return renderWithProviders(<CertificateVerificationPage />, {
    route: '/verify/certificate/vt_123',
    path: '/verify/certificate/:certificateToken',
    queryClient,
  });
}

describe('certificate verification', () => {
  it('says clearly that a valid certificate is valid, naming holder, questionnaire, issuer and since when', async () => {
    fetchMock.mockResolvedValue(jsonResponse(verificationOf()));
    renderPage();
    expect(screen.getByTestId('verification-loading')).toHaveAttribute('role', 'status');
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveAttribute('data-status', 'VALID');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      text('certificateVerification.valid.title'),
    );
    expect(screen.getByTestId('verification-holder')).toHaveTextContent('Jürgen Schäfer');
    expect(screen.getByTestId('verification-interaction')).toHaveTextContent('Performance profile');
    expect(screen.getByTestId('verification-issuer')).toHaveTextContent('Demo Consulting');
    expect(screen.getByTestId('verification-since')).toHaveTextContent('04/05/2026');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(URL_EN);
  });

  it('says a revoked certificate is not valid, since when, and names nobody', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        verificationOf({ status: 'REVOKED', holderName: null, revokedAt: '2026-06-01T08:00:00Z' }),
      ),
    );
    renderPage();
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveAttribute('data-status', 'REVOKED');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      text('certificateVerification.invalid.title'),
    );
    expect(screen.getByTestId('verification-revoked-at')).toHaveTextContent('06/01/2026');
    expect(result).toHaveTextContent(
      text('certificateVerification.revoked.text').replace('{{date}}', '06/01/2026'),
    );
    expect(screen.queryByTestId('verification-holder')).not.toBeInTheDocument();
    expect(screen.queryByText(text('certificateVerification.valid.title'))).not.toBeInTheDocument();
  });

  it('says "not valid" for a link without a certificate', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey: 'error.certificate.not_found', message: 'x' }, 404));
    renderPage();
    const result = await screen.findByTestId('certificate-verification');
    expect(result).toHaveAttribute('data-status', 'NOT_FOUND');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      text('certificateVerification.invalid.title'),
    );
    expect(result).toHaveTextContent(text('certificateVerification.notFound.text'));
  });

  it('offers a retry when the check itself failed', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey: 'error.general', message: 'x' }, 500));
    renderPage();
    expect(await screen.findByTestId('verification-error')).toHaveTextContent(
      text('certificateVerification.loadFailed.title'),
    );
    expect(screen.queryByTestId('certificate-verification')).not.toBeInTheDocument();
  });
});
