import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from './LoginForm';

const fetchMock = vi.fn<typeof fetch>();
let demoMode = false;

beforeAll(() => initTestI18n());

beforeEach(() => {
  demoMode = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/system/config') {
      return jsonResponse({
        version: '1.0.0',
        demoMode,
        locales: ['EN_US', 'EN_UK', 'DE_DE'],
        defaultLocale: 'EN_US',
        passwordPolicy: { minLength: 12, maxLength: 128, minStrength: 3 },
        chunkLoadTimeoutMs: 120000,
        sessionReplay: null,
      });
    }
    return jsonResponse({ redirectUrl: '/product/BQ_RISK' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const emailField = () => screen.getByLabelText(exactLabel(enUsTexts['login.email']!));
const passwordField = () => screen.getByLabelText(exactLabel(enUsTexts['login.password']!));
const submit = () => fireEvent.click(screen.getByRole('button', { name: enUsTexts['login.submit'] }));
const loginCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/login');

describe('LoginForm', () => {
  it('asks for both fields when submitted empty, and sends nothing', async () => {
    renderWithProviders(<LoginForm />, { route: '/login' });
    submit();
    expect(await screen.findAllByText(enUsTexts['validation.required']!)).toHaveLength(2);
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls()).toHaveLength(0);
  });

  it('says when the e-mail address is not valid, and clears the message once it is', async () => {
    renderWithProviders(<LoginForm />, { route: '/login' });
    fireEvent.change(emailField(), { target: { value: 'adviser@' } });
    fireEvent.change(passwordField(), { target: { value: 'secret' } });
    submit();
    expect(await screen.findByText(enUsTexts['validation.email']!)).toBeInTheDocument();
    fireEvent.change(emailField(), { target: { value: 'adviser@demo.example' } });
    await waitFor(() => expect(screen.queryByText(enUsTexts['validation.email']!)).not.toBeInTheDocument());
  });

  it('signs in with the redirectUrl of the page and continues where the server says', async () => {
    const { router } = renderWithProviders(<LoginForm />, {
      route: `/login?redirectUrl=${encodeURIComponent('/product/BQ_RISK?x=1')}`,
    });
    fireEvent.change(emailField(), { target: { value: 'adviser@demo.example' } });
    fireEvent.change(passwordField(), { target: { value: 'Demo-Adviser-2026!' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/BQ_RISK'));
    const [, init] = loginCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'adviser@demo.example',
      password: 'Demo-Adviser-2026!',
      redirectUrl: '/product/BQ_RISK?x=1',
    });
  });

  it('shows the translated message of a 429 as a toast and stays on the page', async () => {
    const defaultResponses = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/login'
        ? jsonResponse({ errorKey: 'error.auth.too_many_sign_in_attempts', message: 'slow down' }, 429)
        : defaultResponses!(input, init),
    );
    const { router } = renderWithProviders(<LoginForm />, { route: '/login' });
    fireEvent.change(emailField(), { target: { value: 'adviser@demo.example' } });
    fireEvent.change(passwordField(), { target: { value: 'wrong' } });
    submit();
    // Sign-in's own wording (decision 0032), not the sign-up or reset limit's.
    expect(enUsTexts.ERROR_AUTH_TOO_MANY_SIGN_IN_ATTEMPTS).toMatch(/^Too many sign-in attempts/);
    expect(await screen.findByText(enUsTexts.ERROR_AUTH_TOO_MANY_SIGN_IN_ATTEMPTS!)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the authenticator code when the password step says so, and signs in with it', async () => {
    const defaultResponses = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/login') return jsonResponse({ secondFactorRequired: true });
      if (String(input) === '/api/login/2fa') {
        const body = JSON.parse(String(init?.body)) as { code?: string };
        return body.code === '123456'
          ? jsonResponse({ redirectUrl: '/product/BQ_RISK' })
          : jsonResponse({ errorKey: 'error.two_factor.code_invalid', message: 'wrong' }, 401);
      }
      return defaultResponses!(input, init);
    });
    const { router } = renderWithProviders(<LoginForm />, { route: '/login' });
    fireEvent.change(emailField(), { target: { value: 'adviser@demo.example' } });
    fireEvent.change(passwordField(), { target: { value: 'Demo-Adviser-2026!' } });
    submit();
    const code = await screen.findByLabelText(exactLabel(enUsTexts['login.secondFactor.code']!));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByLabelText(exactLabel(enUsTexts['login.password']!))).not.toBeInTheDocument();
    const verify = () => fireEvent.click(screen.getByRole('button', { name: enUsTexts['login.secondFactor.submit'] }));
    fireEvent.change(code, { target: { value: '12345' } });
    verify();
    expect(await screen.findByText(enUsTexts.ERROR_VALIDATION_TOTP_CODE!)).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '654321' } });
    verify();
    expect(await screen.findByText(enUsTexts.ERROR_TWO_FACTOR_CODE_INVALID!)).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123 456' } });
    verify();
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/BQ_RISK'));
    const sent = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/login/2fa').map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('offers a recovery code instead of the app code', async () => {
    const defaultResponses = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/login' ? jsonResponse({ secondFactorRequired: true }) : defaultResponses!(input, init),
    );
    const { router } = renderWithProviders(<LoginForm />, { route: '/login' });
    fireEvent.change(emailField(), { target: { value: 'adviser@demo.example' } });
    fireEvent.change(passwordField(), { target: { value: 'Demo-Adviser-2026!' } });
    submit();
    fireEvent.click(await screen.findByRole('button', { name: enUsTexts['login.secondFactor.useRecoveryCode'] }));
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['login.secondFactor.recoveryCode']!)), { target: { value: 'ABCDE-23456' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['login.secondFactor.submit'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/BQ_RISK'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login/2fa') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ recoveryCode: 'abcde23456' });
  });

  it('offers the demo logins in demo mode and fills both fields with one', async () => {
    demoMode = true;
    renderWithProviders(<LoginForm />, { route: '/login' });
    const use = await screen.findByRole('button', { name: 'Use the Financial adviser demo account' });
    fireEvent.click(use);
    expect(emailField()).toHaveValue('adviser@demo.example');
    expect(passwordField()).toHaveValue('Demo-Adviser-2026!');
  });

  it('lists the self-service buyer beside the admin and the adviser, and fills in the buyer login', async () => {
    demoMode = true;
    renderWithProviders(<LoginForm />, { route: '/login' });
    const hint = await screen.findByTestId('demo-hint');
    for (const email of ['admin@demo.example', 'adviser@demo.example', 'buyer@demo.example']) expect(hint).toHaveTextContent(email);
    fireEvent.click(screen.getByRole('button', { name: 'Use the Self-service customer (no credits yet) demo account' }));
    expect(emailField()).toHaveValue('buyer@demo.example');
    expect(passwordField()).toHaveValue('Demo-Buyer-2026!');
  });

  it('does not show demo logins outside demo mode', async () => {
    renderWithProviders(<LoginForm />, { route: '/login' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/system/config', expect.anything()));
    expect(screen.queryByTestId('demo-hint')).not.toBeInTheDocument();
  });
});
