// The public start page (docs/decisions/0092): the firm, its privacy notice and the form; "check your mail" once sent;
// an unknown or switched-off link says so instead of showing a form.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublicStartInfo } from '@bq/contracts/public-links';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { PublicStartPage } from './PublicStartPage';

const info: TPublicStartInfo = {
  branding: { firmName: 'Muster Finanz', address: null, footerLine: null, primaryColor: null, accentColor: null, poweredBy: true, logoUrl: null },
  productType: 'BQ_RISK',
  privacyPolicy: { locale: 'EN_US', text: 'We keep your answers for advice only.', updatedAt: '2026-12-01T00:00:00.000Z' },
  formToken: '1796000000000.signature',
};

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the public start page', () => {
  it("shows the firm's privacy notice and the form, then 'check your mail' with the address", async () => {
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'POST' ? jsonResponse({ sentTo: 'vera@example.com', expiresAt: '2026-12-08T10:00:00.000Z' }) : jsonResponse(info),
    );
    renderWithProviders(<PublicStartPage />, { path: '/start/:publicId', route: '/start/abc' });
    expect(await screen.findByRole('heading', { name: 'Muster Finanz' })).toBeInTheDocument();
    expect(screen.getByText('We keep your answers for advice only.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/start/abc?locale=EN_US');

    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['publicStart.firstName']!)), { target: { value: 'Vera' } });
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['publicStart.lastName']!)), { target: { value: 'Visitor' } });
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['publicStart.email']!)), { target: { value: 'vera@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: enUsTexts['publicStart.privacyAccepted'] }));
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['publicStart.submit'] }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent(enUsTexts['publicStart.sentTitle']!);
    expect(sent).toHaveTextContent('vera@example.com');
    await waitFor(() => expect(screen.queryByRole('button', { name: enUsTexts['publicStart.submit'] })).not.toBeInTheDocument());
  });

  it('says the link does not work when it is unknown or switched off', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey: 'error.not_found', message: 'Not found', reqId: 'r1' }, 404));
    renderWithProviders(<PublicStartPage />, { path: '/start/:publicId', route: '/start/gone' });
    expect(await screen.findByText(enUsTexts['publicStart.notFoundTitle']!)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: enUsTexts['publicStart.submit'] })).not.toBeInTheDocument();
  });
});
