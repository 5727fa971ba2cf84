import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from '../../auth/components/LoginForm';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();

beforeAll(() => initTestI18n());

beforeEach(() => {
  fetchMock.mockReset();
  assign.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/system/config') {
      return jsonResponse({ version: '1.0.0', demoMode: false, locales: ['EN_US'], defaultLocale: 'EN_US', passwordPolicy: { minLength: 12, maxLength: 128, minStrength: 3 }, chunkLoadTimeoutMs: 120000, sessionReplay: null });
    }
    if (url.startsWith('/api/sso/lookup') && url.includes('saml-bank.example')) return jsonResponse({ method: 'SSO', protocol: 'SAML' });
    if (url.startsWith('/api/sso/lookup')) return jsonResponse({ method: url.includes('bank.example') ? 'SSO' : 'PASSWORD' });
    if (url === '/api/sso/oidc/start') return jsonResponse({ authorizationUrl: 'https://idp.bank.example/authorize?x=1' });
    if (url === '/api/sso/saml/start') return jsonResponse({ authorizationUrl: 'https://idp.saml-bank.example/sso?SAMLRequest=x' });
    return jsonResponse({ redirectUrl: '/' });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, assign });
});

const emailField = () => screen.getByLabelText(exactLabel(enUsTexts['login.email']!));

describe('the login page with single sign-on', () => {
  it("offers the provider instead of the password for a routed domain, and leaves for the provider's URL", async () => {
    renderWithProviders(<LoginForm />, { route: '/login?redirectUrl=%2Fclients' });
    fireEvent.change(emailField(), { target: { value: 'nora@bank.example' } });
    fireEvent.blur(emailField());
    const button = await screen.findByRole('button', { name: enUsTexts['sso.login.continue'] });
    expect(screen.queryByLabelText(exactLabel(enUsTexts['login.password']!))).not.toBeInTheDocument();
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.bank.example/authorize?x=1'));
    const start = fetchMock.mock.calls.find(([url]) => String(url) === '/api/sso/oidc/start')!;
    expect(JSON.parse(String(start[1]!.body))).toEqual({ email: 'nora@bank.example', redirectUrl: '/clients' });
  });

  it('starts at the SAML provider when the lookup says the domain signs in with SAML', async () => {
    renderWithProviders(<LoginForm />, { route: '/login' });
    fireEvent.change(emailField(), { target: { value: 'ida@saml-bank.example' } });
    fireEvent.blur(emailField());
    fireEvent.click(await screen.findByRole('button', { name: enUsTexts['sso.login.continue'] }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.saml-bank.example/sso?SAMLRequest=x'));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/sso/oidc/start')).toBe(false);
  });

  it('keeps the password for other addresses', async () => {
    renderWithProviders(<LoginForm />, { route: '/login' });
    fireEvent.change(emailField(), { target: { value: 'someone@elsewhere.example' } });
    fireEvent.blur(emailField());
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/sso/lookup'))).toBe(true));
    expect(screen.getByLabelText(exactLabel(enUsTexts['login.password']!))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: enUsTexts['sso.login.continue'] })).not.toBeInTheDocument();
  });
});
