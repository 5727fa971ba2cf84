import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import { resetTexts, seedTexts } from '../../../participant/texts';
import { enUsTexts } from '../../../test/i18n';
import { exactLabel, jsonResponse } from '../../../test/render';
import { DemoPasswordSetPage } from './DemoPasswordSetPage';

const fetchMock = vi.fn<typeof fetch>();
const replace = vi.fn();
const POST_URL = '/api/demo/password/i-1';
const GOOD = 'Blue-Harbour-2026!';
const text = (key: string) => enUsTexts[key]!;
let answer: () => Response;

beforeEach(() => {
  answer = () => jsonResponse({ redirectUrl: '/BQ_RISK/client/c-1/dashboard/i-9' });
  fetchMock.mockReset();
  replace.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input) === POST_URL ? answer() : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, replace });
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  seedTexts('DE_DE', deBqui as Record<string, string>);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
});

const posts = () => fetchMock.mock.calls.filter(([input]) => String(input) === POST_URL);
const password = () => screen.getByLabelText(exactLabel(text('signup.password')));
const repeat = () => screen.getByLabelText(exactLabel(text('signup.passwordRepeat')));
const submit = () => fireEvent.click(screen.getByRole('button', { name: text('demoPassword.submit') }));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function renderPage() {
  render(<DemoPasswordSetPage instanceToken="i-1" />);
  await screen.findByRole('heading', { level: 1, name: text('page.demoPassword.title') });
}

describe('demo password page (participant entry)', () => {
  it('names the page and its fields, and lists the password rules as they are met', async () => {
    await renderPage();
    expect(screen.getByText(text('demoPassword.lead'))).toBeInTheDocument();
    expect(screen.getByRole('form', { name: text('page.demoPassword.title') })).toBeInTheDocument();
    expect(document.title).toBe(text('page.demoPassword.title'));
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(password()).toHaveAccessibleDescription(expect.stringContaining(text('settings.password.hints.digit')));
    expect(screen.getByTestId('password-hint-digit')).toHaveAttribute('data-met', 'false');
    type(password(), 'abc1');
    expect(screen.getByTestId('password-hint-digit')).toHaveAttribute('data-met', 'true');
    expect(screen.getByTestId('password-hint-length')).toHaveAttribute('data-met', 'false');
    // Nothing is said about the fields before the first submit.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says both fields are needed when sent empty, moves to the first, and sends nothing', async () => {
    await renderPage();
    submit();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([text('validation.required'), text('validation.required')]);
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(repeat()).toHaveAccessibleDescription(text('validation.required'));
    await waitFor(() => expect(password()).toHaveFocus());
    expect(posts()).toHaveLength(0);
  });

  it('refuses a short, a weak and a mismatched password, each in its own words, and follows the corrections', async () => {
    await renderPage();
    type(password(), 'Short-1');
    type(repeat(), 'Short-1');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text('validation.min_length').replace('{{min}}', '12'));
    const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);
    type(password(), 'abcdefghijklmn');
    expect(alerts()).toEqual([text('settings.password.weak'), text('settings.password.mismatch')]);
    type(password(), GOOD);
    expect(alerts()).toEqual([text('settings.password.mismatch')]);
    expect(repeat()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).not.toHaveAttribute('aria-invalid');
    type(repeat(), GOOD);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends the password and opens the own result in place of this page', async () => {
    await renderPage();
    type(password(), GOOD);
    type(repeat(), GOOD);
    submit();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/BQ_RISK/client/c-1/dashboard/i-9'));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]![1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ password: GOOD });
  });

  it('says an existing address in words, with the ways to sign in or reset the password', async () => {
    answer = () => jsonResponse({ errorKey: 'error.email.already_exists', message: 'x' }, 409);
    await renderPage();
    type(password(), GOOD);
    type(repeat(), GOOD);
    submit();
    const error = await screen.findByTestId('demo-password-error');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveTextContent(text('ERROR_EMAIL_ALREADY_EXISTS'));
    expect(screen.getByRole('link', { name: text('signup.toLogin') })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: text('login.forgotPassword') })).toHaveAttribute('href', '/password/recovery');
    expect(replace).not.toHaveBeenCalled();
  });

  it("says the server's reason (no result yet), or the general message for one without a text", async () => {
    answer = () => jsonResponse({ errorKey: 'error.demo.no_result', message: 'x' }, 409);
    await renderPage();
    type(password(), GOOD);
    type(repeat(), GOOD);
    submit();
    expect(await screen.findByTestId('demo-password-error')).toHaveTextContent(text('ERROR_DEMO_NO_RESULT'));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    answer = () => jsonResponse({ errorKey: 'error.something_unheard_of', message: 'x' }, 500);
    submit();
    await waitFor(() => expect(screen.getByTestId('demo-password-error')).toHaveTextContent(text('ERROR_GENERAL')));
    expect(posts()).toHaveLength(2);
  });

  it("speaks the visitor's browser language", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    render(<DemoPasswordSetPage instanceToken="i-1" />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(deBqui['page.demoPassword.title']);
    expect(screen.getByRole('button', { name: deBqui['demoPassword.submit'] })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de-DE');
  });
});
