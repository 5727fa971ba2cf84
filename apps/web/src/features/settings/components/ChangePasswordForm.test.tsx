import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => initTestI18n());

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});

const field = (key: string) => screen.getByLabelText(exactLabel(enUsTexts[key]!));
const type = (key: string, value: string) => fireEvent.change(field(key), { target: { value } });
const hint = (name: string) => screen.getByTestId(`password-hint-${name}`);
const submit = () =>
  fireEvent.click(screen.getByRole('button', { name: enUsTexts['settings.password.submit'] }));

describe('ChangePasswordForm', () => {
  it('ticks the policy hints off as the new password grows', () => {
    renderWithProviders(<ChangePasswordForm userId="u1" />);
    for (const name of ['length', 'upper', 'lower', 'digit', 'symbol']) {
      expect(hint(name)).toHaveAttribute('data-met', 'false');
    }
    type('settings.password.new', 'abc');
    expect(hint('lower')).toHaveAttribute('data-met', 'true');
    expect(hint('upper')).toHaveAttribute('data-met', 'false');
    expect(hint('lower')).toHaveTextContent(enUsTexts['settings.password.hints.met']!);

    type('settings.password.new', 'Abcdefgh-2026');
    for (const name of ['length', 'upper', 'lower', 'digit', 'symbol']) {
      expect(hint(name)).toHaveAttribute('data-met', 'true');
    }
  });

  it('says when the repeated password does not match, and sends nothing', async () => {
    renderWithProviders(<ChangePasswordForm userId="u1" />);
    type('settings.password.current', 'Old-Password-2025');
    type('settings.password.new', 'New-Password-2026');
    type('settings.password.repeat', 'New-Password-2025');
    submit();
    expect(await screen.findByText(enUsTexts['settings.password.mismatch']!)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the current password', async () => {
    renderWithProviders(<ChangePasswordForm userId="u1" />);
    type('settings.password.new', 'New-Password-2026');
    type('settings.password.repeat', 'New-Password-2026');
    submit();
    expect(await screen.findByText(enUsTexts['validation.required']!)).toBeInTheDocument();
    expect(field('settings.password.current')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the password and confirms it', async () => {
    renderWithProviders(<ChangePasswordForm userId="u1" />);
    type('settings.password.current', 'Old-Password-2025');
    type('settings.password.new', 'New-Password-2026');
    type('settings.password.repeat', 'New-Password-2026');
    submit();
    expect(await screen.findByText(enUsTexts['settings.password.success']!)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/user/u1/password');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'Old-Password-2025',
      password: 'New-Password-2026',
    });
    await waitFor(() => expect(field('settings.password.current')).toHaveValue(''));
  });

  it('shows the translated server error when the current password is wrong', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ errorKey: 'error.password.current_wrong', message: 'wrong' }, 400),
    );
    renderWithProviders(<ChangePasswordForm userId="u1" />);
    type('settings.password.current', 'Not-My-Password-1');
    type('settings.password.new', 'New-Password-2026');
    type('settings.password.repeat', 'New-Password-2026');
    submit();
    expect(await screen.findByText(enUsTexts.ERROR_PASSWORD_CURRENT_WRONG!)).toBeInTheDocument();
  });

  it.each([
    ['error.password.common', 'ERROR_PASSWORD_COMMON', /too common/],
    ['error.password.contains_personal_data', 'ERROR_PASSWORD_CONTAINS_PERSONAL_DATA', /your email address or your name/],
  ])('says plainly why the server refused the new password (%s)', async (errorKey, textKey, wording) => {
    fetchMock.mockResolvedValue(jsonResponse({ errorKey, message: 'refused' }, 400));
    renderWithProviders(<ChangePasswordForm userId="u1" />);
    type('settings.password.current', 'Old-Password-2025');
    type('settings.password.new', 'Password-2026!');
    type('settings.password.repeat', 'Password-2026!');
    submit();
    expect(enUsTexts[textKey]).toMatch(wording);
    expect(await screen.findByText(enUsTexts[textKey]!)).toBeInTheDocument();
  });
});
