// The public start form (docs/decisions/0092): it checks name and address with the contract's schema, asks for the
// privacy notice to be read, sends the signed form time and an empty hidden field, and shows the server's refusal.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublicStartInfo } from '@bq/contracts/public-links';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { PublicStartForm } from './PublicStartForm';

const info: TPublicStartInfo = {
  branding: { firmName: 'Muster Finanz', address: null, footerLine: null, primaryColor: null, accentColor: null, poweredBy: true, logoUrl: null },
  productType: 'BQ_RISK',
  privacyPolicy: null,
  formToken: '1796000000000.signature',
};

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

const posted = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/start/abc' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));
const field = (key: string) => screen.getByLabelText(exactLabel(enUsTexts[key]!));
const submit = () => fireEvent.click(screen.getByRole('button', { name: enUsTexts['publicStart.submit'] }));

function fill(email = 'vera@example.com') {
  fireEvent.change(field('publicStart.firstName'), { target: { value: 'Vera' } });
  fireEvent.change(field('publicStart.lastName'), { target: { value: 'Visitor' } });
  fireEvent.change(field('publicStart.email'), { target: { value: email } });
}

describe('the public start form', () => {
  it('sends the name, address, language, consent, signed form time and an empty hidden field', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ sentTo: 'vera@example.com', expiresAt: '2026-12-08T10:00:00.000Z' }));
    const onSent = vi.fn();
    renderWithProviders(<PublicStartForm publicId="abc" info={info} onSent={onSent} />);
    fill();
    fireEvent.click(screen.getByRole('checkbox', { name: enUsTexts['publicStart.privacyAccepted'] }));
    submit();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ sentTo: 'vera@example.com', expiresAt: '2026-12-08T10:00:00.000Z' }));
    expect(posted()).toEqual([
      { firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.com', locale: 'EN_US', privacyAccepted: true, website: '', formToken: info.formToken },
    ]);
  });

  it('sends nothing with a bad address or without the privacy notice confirmed, and says why', async () => {
    renderWithProviders(<PublicStartForm publicId="abc" info={info} onSent={vi.fn()} />);
    fill('not-an-address');
    submit();
    expect(await screen.findByText(enUsTexts['ERROR_VALIDATION_INVALID_EMAIL']!)).toBeInTheDocument();
    fireEvent.change(field('publicStart.email'), { target: { value: 'vera@example.com' } });
    submit();
    expect(await screen.findByText(enUsTexts['validation.required']!)).toBeInTheDocument();
    expect(posted()).toEqual([]);
  });

  it("shows the server's refusal of a form sent too fast beside the button", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey: 'error.public_link.start_refused', message: 'refused', reqId: 'r1' }, 400));
    const onSent = vi.fn();
    renderWithProviders(<PublicStartForm publicId="abc" info={info} onSent={onSent} />);
    fill();
    fireEvent.click(screen.getByRole('checkbox', { name: enUsTexts['publicStart.privacyAccepted'] }));
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(enUsTexts['ERROR_PUBLIC_LINK_START_REFUSED']!);
    expect(onSent).not.toHaveBeenCalled();
  });
});
