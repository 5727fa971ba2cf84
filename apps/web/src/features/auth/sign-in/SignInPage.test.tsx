// The sign-in page of its own light entry (docs/decisions/0085), on React as written (the build swaps in Preact):
// the form's checks, sign-in with the page's redirectUrl, a refusal in words, the second step, single sign-on, the
// demo logins, the provider's hand-over to the second step, and the firm's brand from the page itself.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentNavigation } from '../../../lib/document-navigation';
import { loadLocaleTexts, resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { forgetPageBrand } from '../../branding/api/use-public-branding';
import { SignInPage } from './SignInPage';

const fetchMock = vi.fn<typeof fetch>();
const leaveFor = vi.fn<(url: string) => void>();
const text = (key: string) => enUsTexts[key]!;
const CONFIG = { version: '1.0.0', demoMode: false, locales: ['EN_US', 'EN_UK', 'DE_DE'], defaultLocale: 'EN_US', passwordPolicy: { minLength: 12, maxLength: 128, minStrength: 3 }, chunkLoadTimeoutMs: 120000, sessionReplay: null } as never;
type Answer = (url: string, init?: RequestInit) => Response | undefined;
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path);
const bodyOf = (path: string) => JSON.parse(String(calls(path)[0]![1]!.body)) as Record<string, unknown>;

function answer(respond: Answer = () => undefined) {
  fetchMock.mockImplementation(async (input, init) => respond(String(input), init) ?? jsonResponse({ method: 'PASSWORD' }));
}

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  leaveFor.mockReset();
  vi.spyOn(documentNavigation, 'replace').mockImplementation(leaveFor);
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  await loadLocaleTexts('EN_US');
  answer();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.getElementById('bq-brand')?.remove();
  forgetPageBrand();
});

const email = () => screen.getByLabelText(text('login.email'), { exact: true });
const password = () => screen.getByLabelText(text('login.password'), { exact: true });
const submit = (name = text('login.submit')) => fireEvent.click(screen.getByRole('button', { name }));
function fill(address: string, secret: string) {
  fireEvent.change(email(), { target: { value: address } });
  fireEvent.change(password(), { target: { value: secret } });
}

describe('the sign-in page (light entry)', () => {
  it('asks for both fields when sent empty, says when the address is not one, and sends nothing', () => {
    render(<SignInPage config={CONFIG} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('login.title'));
    submit();
    expect(screen.getAllByText(text('validation.required'))).toHaveLength(2);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();
    fill('adviser@', 'secret');
    submit();
    expect(screen.getByText(text('validation.email'))).toBeVisible();
    expect(calls('/api/login')).toHaveLength(0);
  });

  it("signs in with the page's redirectUrl and continues where the server says, leaving the page out of the history", async () => {
    window.history.replaceState(null, '', `/login?redirectUrl=${encodeURIComponent('/product/BQ_RISK?x=1')}`);
    answer((url) => (url === '/api/login' ? jsonResponse({ redirectUrl: '/product/BQ_RISK?x=1' }) : undefined));
    render(<SignInPage config={CONFIG} />);
    fill('adviser@demo.example', 'Demo-Adviser-2026!');
    submit();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/product/BQ_RISK?x=1'));
    expect(bodyOf('/api/login')).toEqual({ email: 'adviser@demo.example', password: 'Demo-Adviser-2026!', redirectUrl: '/product/BQ_RISK?x=1' });
  });

  it('says in words why a sign-in was refused, and stays', async () => {
    answer((url) => (url === '/api/login' ? jsonResponse({ errorKey: 'error.auth.invalid_credentials', message: 'x' }, 401) : undefined));
    render(<SignInPage config={CONFIG} />);
    fill('nobody@demo.example', 'wrong');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text('ERROR_AUTH_INVALID_CREDENTIALS'));
    expect(leaveFor).not.toHaveBeenCalled();
    expect(password()).toBeEnabled();
  });

  it('asks for the code when the account has a second factor, checks its form and signs in with it', async () => {
    answer((url) => {
      if (url === '/api/login') return jsonResponse({ secondFactorRequired: true });
      if (url === '/api/login/2fa') return jsonResponse({ redirectUrl: '/product/BQ_RISK' });
      return undefined;
    });
    render(<SignInPage config={CONFIG} />);
    fill('adviser@demo.example', 'Demo-Adviser-2026!');
    submit();
    const code = await screen.findByLabelText(text('login.secondFactor.code'), { exact: true });
    expect(screen.queryByLabelText(text('login.password'), { exact: true })).toBeNull();
    fireEvent.change(code, { target: { value: '12 34' } });
    submit(text('login.secondFactor.submit'));
    expect(screen.getByText(text('ERROR_VALIDATION_TOTP_CODE'))).toBeVisible();
    fireEvent.change(code, { target: { value: '123 456' } });
    submit(text('login.secondFactor.submit'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/product/BQ_RISK'));
    expect(bodyOf('/api/login/2fa')).toEqual({ code: '123456' });

    fireEvent.click(screen.getByTestId('second-factor-switch'));
    expect(screen.getByLabelText(text('login.secondFactor.recoveryCode'), { exact: true })).toBeVisible();
  });

  it("starts at the second step when a provider's callback page sends the browser here for it, and forgets the marker", () => {
    window.history.replaceState(null, '', '/login?secondFactor=1&redirectUrl=%2Fx');
    render(<SignInPage config={CONFIG} />);
    expect(screen.getByTestId('second-factor-code')).toBeVisible();
    expect(window.location.search).toBe('?redirectUrl=%2Fx');
  });

  it('offers single sign-on in place of the password for an address whose domain signs in through its provider', async () => {
    answer((url) => {
      if (url.startsWith('/api/sso/lookup')) return jsonResponse({ method: 'SSO', protocol: 'SAML' });
      if (url === '/api/sso/saml/start') return jsonResponse({ authorizationUrl: 'https://idp.example/sso' });
      return undefined;
    });
    const leave = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
    render(<SignInPage config={CONFIG} />);
    fireEvent.change(email(), { target: { value: 'ceo@bank.example' } });
    fireEvent.blur(email());
    expect(await screen.findByTestId('sso-continue')).toHaveTextContent(text('sso.login.hint'));
    expect(screen.queryByLabelText(text('login.password'), { exact: true })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: text('sso.login.continue') }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://idp.example/sso'));
    expect(bodyOf('/api/sso/saml/start')).toEqual({ email: 'ceo@bank.example' });
    fireEvent.click(screen.getByRole('button', { name: text('sso.login.otherAddress') }));
    expect(password()).toBeVisible();
  });

  it('shows the demo logins only in demo mode; "Use" fills the form', () => {
    const { unmount } = render(<SignInPage config={CONFIG} />);
    expect(screen.queryByTestId('demo-hint')).toBeNull();
    unmount();
    render(<SignInPage config={{ ...(CONFIG as object), demoMode: true } as never} />);
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['login.demo.useAria']!.replace('{{role}}', text('login.demo.adviser')) }));
    expect(email()).toHaveValue('adviser@demo.example');
    expect(password()).toHaveValue('Demo-Adviser-2026!');
  });

  it("shows the firm's logo and name of the page's host from the first render, without asking for them", () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'bq-brand';
    element.textContent = JSON.stringify({ host: true, branding: { firmName: 'Kanzlei Weiß & Partner', logoUrl: '/api/branding/host/logo?v=1', primaryColor: '#0b6e4f', accentColor: null, address: null, footerLine: null, poweredBy: true } });
    document.head.append(element);
    render(<SignInPage config={CONFIG} />);
    expect(screen.getByTestId('host-brand')).toHaveTextContent('Kanzlei Weiß & Partner');
    expect(screen.getByTestId('host-brand').querySelector('img')).toHaveAttribute('height', '40');
    expect(calls('/api/branding/host')).toHaveLength(0);
  });
});
