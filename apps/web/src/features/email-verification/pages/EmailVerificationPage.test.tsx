import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { EmailVerificationPage } from './EmailVerificationPage';

const VERIFY_URL = '/api/email/verification/tok-1';
const RESEND_URL = '/api/email/verification/resend';
const fetchMock = vi.fn<typeof fetch>();
let verifyResponse: () => Response | Promise<Response>;
let resendResponse: () => Response;
let resendByAddressResponse: () => Response;

beforeAll(() => initTestI18n());

beforeEach(() => {
  verifyResponse = () => jsonResponse({ email: 'maria@example.com', verifiedAt: '2026-04-03T08:30:00Z' });
  resendResponse = () => jsonResponse({ sentTo: 'maria@example.com', expiresAt: '2026-04-05T08:30:00Z' });
  resendByAddressResponse = () => jsonResponse({ sentTo: 'maria@example.com', expiresAt: '2026-04-05T08:30:00Z' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === VERIFY_URL) return verifyResponse();
    if (url === RESEND_URL) return resendResponse();
    if (url.startsWith(`${RESEND_URL}?email=`)) return resendByAddressResponse();
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const text = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), enUsTexts[key]!);
const calls = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
const renderPage = () =>
  renderWithProviders(<EmailVerificationPage />, { route: '/verify/tok-1', path: '/verify/:emailVerificationToken' });
const refusal = (status: number, errorKey: string) => () => jsonResponse({ errorKey, message: 'x' }, status);

describe('e-mail verification page', () => {
  it('shows "verifying" while it asks, then verified with the way to sign in; the token is used once', async () => {
    let answer: (r: Response) => void = () => {};
    verifyResponse = () => new Promise<Response>((resolve) => (answer = resolve));
    const { router } = renderPage();
    expect(await screen.findByTestId('verify-email-verifying')).toHaveTextContent(text('verifyEmail.verifying'));
    act(() => answer(jsonResponse({ email: 'maria@example.com', verifiedAt: '2026-04-03T08:30:00Z' })));
    const verified = await screen.findByTestId('verify-email-verified');
    expect(verified).toHaveTextContent(text('verifyEmail.verified.title'));
    expect(verified).toHaveTextContent(text('verifyEmail.verified.text', { email: 'maria@example.com' }));
    fireEvent.click(within(verified).getByRole('link', { name: text('verifyEmail.login') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls(VERIFY_URL)).toHaveLength(1);
  });

  it('says when the link is invalid (404) or already used', async () => {
    verifyResponse = refusal(404, 'error.email_verification.invalid');
    const first = renderPage();
    expect(await screen.findByTestId('verify-email-invalid')).toHaveTextContent(text('verifyEmail.invalid.title'));
    first.unmount();
    verifyResponse = refusal(410, 'error.email_verification.used');
    renderPage();
    expect(await screen.findByTestId('verify-email-used')).toHaveTextContent(text('verifyEmail.used.text'));
  });

  it('offers a new link when it has expired; without a sign-in it asks for the address and confirms neutrally', async () => {
    verifyResponse = refusal(410, 'error.email_verification.expired');
    resendResponse = refusal(401, 'error.auth.unauthorized');
    renderPage();
    const expired = await screen.findByTestId('verify-email-expired');
    expect(expired).toHaveTextContent(text('verifyEmail.expired.text'));
    fireEvent.click(within(expired).getByTestId('verify-email-resend'));
    const form = await screen.findByTestId('verify-email-resend-by-address');
    const input = within(form).getByLabelText(text('verifyEmail.resendByAddress.label'));
    fireEvent.click(within(form).getByRole('button', { name: text('verifyEmail.resendButton') }));
    expect(await within(form).findByText(enUsTexts.ERROR_VALIDATION_REQUIRED!)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Maria@Example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: text('verifyEmail.resendButton') }));
    const sent = await screen.findByTestId('verify-email-resend-by-address-sent');
    // Neutral: the page does not claim the address has an account.
    expect(sent).toHaveTextContent(text('verifyEmail.resendByAddress.sent'));
    expect(sent).not.toHaveTextContent('maria@example.com');
    const [url] = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('?email='));
    expect(url).toBe(`${RESEND_URL}?email=${encodeURIComponent('Maria@Example.com')}`);
  });

  it('shows the rate limit of the address form as an error', async () => {
    verifyResponse = refusal(410, 'error.email_verification.expired');
    resendResponse = refusal(401, 'error.auth.unauthorized');
    resendByAddressResponse = refusal(429, 'error.auth.too_many_attempts');
    renderPage();
    fireEvent.click(await screen.findByTestId('verify-email-resend'));
    const form = await screen.findByTestId('verify-email-resend-by-address');
    fireEvent.change(within(form).getByLabelText(text('verifyEmail.resendByAddress.label')), { target: { value: 'maria@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: text('verifyEmail.resendButton') }));
    expect(await screen.findByText(enUsTexts.ERROR_AUTH_TOO_MANY_ATTEMPTS!)).toBeInTheDocument();
  });

  it('sends a new link for a signed-in user and names the address; a refusal shows its text', async () => {
    verifyResponse = refusal(410, 'error.email_verification.expired');
    renderPage();
    fireEvent.click(await screen.findByTestId('verify-email-resend'));
    expect(await screen.findByText(text('verifyEmail.resendSuccess', { email: 'maria@example.com' }))).toBeInTheDocument();
    resendResponse = refusal(429, 'error.email_verification.too_soon');
    fireEvent.click(screen.getByTestId('verify-email-resend'));
    expect(await screen.findByText(enUsTexts.ERROR_EMAIL_VERIFICATION_TOO_SOON!)).toBeInTheDocument();
  });

  it('offers a retry when the server cannot be reached', async () => {
    verifyResponse = refusal(500, 'error.general');
    renderPage();
    const alert = (await screen.findByText(text('verifyEmail.failed.title'))).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(text('verifyEmail.failed.text'));
    verifyResponse = () => jsonResponse({ email: 'maria@example.com', verifiedAt: '2026-04-03T08:30:00Z' });
    fireEvent.click(within(alert).getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('verify-email-verified')).toBeInTheDocument();
  });
});
