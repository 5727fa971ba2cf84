// The callback pages of Google and single sign-on: the answer leaves the address bar, goes to the API once, and the
// user continues where the API says, to the second factor, or sees the refusal with the way back.
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { documentNavigation } from '../../../lib/document-navigation';
import { apiErrorMessage } from '../../../lib/notify';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { GoogleCallbackPage } from '../pages/GoogleCallbackPage';
import { SsoCallbackPage } from '../../sso/pages/SsoCallbackPage';

const fetchMock = vi.fn<typeof fetch>();
const leaveFor = vi.fn<(url: string) => void>();
const posts = (path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  leaveFor.mockReset();
  vi.spyOn(documentNavigation, 'replace').mockImplementation(leaveFor);
});

/** What the page shows for an error key: the user's words, the same as every other refusal. */
const expectedMessage = (errorKey: string) => apiErrorMessage(new ApiError(401, { errorKey, message: errorKey }));

function arriveAt(url: string) {
  window.history.replaceState(null, '', url);
}

describe('the sign-in callback pages', () => {
  it('Google: sends the answer once, clears it from the address and continues to the path the API names', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ redirectUrl: '/product/BQ_RISK/clients' }));
    arriveAt('/login/google?code=abc&state=xyz');
    const { router } = renderWithProviders(<GoogleCallbackPage />, { route: '/login/google' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/BQ_RISK/clients'));
    expect(posts('/api/oauth/google')).toHaveLength(1);
    expect(JSON.parse(String(posts('/api/oauth/google')[0]![1]!.body))).toEqual({ callbackQuery: '?code=abc&state=xyz' });
    expect(window.location.search).toBe('');
  });

  it('single sign-on: a refusal shows its message and the way back to the login page', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey: 'error.sso.state_mismatch', message: 'state' }, 401));
    arriveAt('/login/sso?code=abc&state=other');
    renderWithProviders(<SsoCallbackPage />, { route: '/login/sso' });
    expect(await screen.findByTestId('sso-callback-error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: enUsTexts['sso.callback.backToLogin'] })).toHaveAttribute('href', '/login');
  });

  it("SAML: the ACS's verdict in the address is shown without a call, or leads to the second factor", async () => {
    arriveAt(`/login/sso?samlError=error.auth.invalid_credentials`);
    const first = renderWithProviders(<SsoCallbackPage />, { route: '/login/sso' });
    const shown = expectedMessage('error.auth.invalid_credentials');
    expect(shown).not.toContain('error.auth');
    expect(await screen.findByTestId('sso-callback-error')).toHaveTextContent(shown);
    first.unmount();
    arriveAt('/login/sso?secondFactor=1');
    renderWithProviders(<SsoCallbackPage />, { route: '/login/sso' });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/login?secondFactor=1'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a user with a second factor is sent on to the login page to give it', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ secondFactorRequired: true }));
    arriveAt('/login/google?code=abc&state=xyz');
    renderWithProviders(<GoogleCallbackPage />, { route: '/login/google' });
    // The sign-in page is an entry of its own (docs/decisions/0085): a document load that asks for the code.
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/login?secondFactor=1'));
  });
});
