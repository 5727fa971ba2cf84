import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { SecuritySettingsPage } from '../pages/SecuritySettingsPage';
import { SecondFactorNotice } from './SecondFactorNotice';

const fetchMock = vi.fn<typeof fetch>();
let totp = { enabled: true, recoveryCodesLeft: 10, enrolmentDeadline: null as string | null, enrolmentOverdue: false };
const ADMIN = [{ realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'ALL' }];

beforeAll(() => initTestI18n());
beforeEach(() => {
  totp = { enabled: true, recoveryCodesLeft: 10, enrolmentDeadline: null, enrolmentOverdue: false };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/user/2fa/totp') return jsonResponse(totp);
    if (url === '/api/account/security' && method === 'GET') return jsonResponse({ secondFactorRequired: false, graceDays: 0, requiredSince: null });
    if (url === '/api/account/security' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { secondFactorRequired: boolean; graceDays: number };
      return jsonResponse({ ...body, requiredSince: '2026-11-27T10:00:00.000Z' });
    }
    if (url === '/api/account/security/members') {
      return jsonResponse({
        members: [
          { userId: 'u2', email: 'anna@demo.example', name: 'Anna Alt', active: true, totp: true, passkeys: 1, enrolmentDeadline: null, apiCredentials: [] },
          { userId: 'u3', email: 'ben@demo.example', name: 'Ben Bach', active: true, totp: false, passkeys: 0, enrolmentDeadline: null, apiCredentials: [] },
        ],
      });
    }
    if (url === '/api/account/security/members/u2/factors' && method === 'DELETE') return jsonResponse({ ok: true });
    if (url === '/api/user/2fa/passkeys') return jsonResponse({ items: [] });
    return jsonResponse({ errorKey: 'error.not_found', message: url }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('Settings > Security for the account admin', () => {
  it('requires a second factor with grace days, and resets a member only after a confirmation', async () => {
    renderWithProviders(<SecuritySettingsPage />, { route: '/settings/security', queryClient: queryClientWithUser(userOf({ permissions: ADMIN })) });
    fireEvent.click(await screen.findByRole('switch', { name: enUsTexts['accountSecurity.required'] }));
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['accountSecurity.graceDays']!)), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['accountSecurity.save'] }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, i]) => String(url) === '/api/account/security' && i?.method === 'PUT')).toBe(true));
    const [, put] = fetchMock.mock.calls.find(([url, i]) => String(url) === '/api/account/security' && i?.method === 'PUT')!;
    expect(JSON.parse(String(put?.body))).toEqual({ secondFactorRequired: true, graceDays: 7 });

    const table = await screen.findByRole('table', { name: enUsTexts['accountSecurity.members.caption'] });
    const rows = within(table).getAllByTestId('member-factor-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Anna Alt'), expect.stringContaining('Ben Bach')]);
    expect(rows[0]).toHaveTextContent('1 passkey');
    // Only a member with a factor has something to reset.
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Reset the second factor of Anna Alt' }));
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByTestId('member-factor-reset-confirm'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, i]) => String(url) === '/api/account/security/members/u2/factors' && i?.method === 'DELETE')).toBe(true));
  });

  it('is not shown to a user who does not manage the account', async () => {
    renderWithProviders(<SecuritySettingsPage />, { route: '/settings/security', queryClient: queryClientWithUser(userOf()) });
    expect(await screen.findByText(enUsTexts['twoFactor.on']!)).toBeInTheDocument();
    expect(screen.queryByTestId('account-security')).not.toBeInTheDocument();
  });
});

describe('the notice in the shell', () => {
  const shell = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/settings/security" element={<><SecondFactorNotice /><p>enrolment page</p></>} />
        <Route path="*" element={<><SecondFactorNotice /><p>other page</p></>} />
      </Routes>,
      { route, queryClient: queryClientWithUser(userOf()) },
    );

  it('shows the deadline with a link to Settings > Security during the grace period', async () => {
    totp = { enabled: false, recoveryCodesLeft: 0, enrolmentDeadline: '2026-12-07T10:00:00.000Z', enrolmentOverdue: false };
    shell('/clients');
    const notice = await screen.findByTestId('second-factor-notice');
    expect(notice).toHaveTextContent(enUsTexts['secondFactorNotice.title']!);
    expect(within(notice).getByRole('link', { name: enUsTexts['secondFactorNotice.link'] })).toHaveAttribute('href', '/settings/security');
    expect(screen.getByText('other page')).toBeInTheDocument();
  });

  it('sends the user to the enrolment once the deadline has passed, and says nothing when a factor is on', async () => {
    totp = { enabled: false, recoveryCodesLeft: 0, enrolmentDeadline: '2026-11-01T10:00:00.000Z', enrolmentOverdue: true };
    const { unmount } = shell('/clients');
    expect(await screen.findByText('enrolment page')).toBeInTheDocument();
    expect(screen.getByTestId('second-factor-notice')).toHaveTextContent(enUsTexts['secondFactorNotice.overdueTitle']!);
    unmount();
    totp = { enabled: true, recoveryCodesLeft: 10, enrolmentDeadline: null, enrolmentOverdue: false };
    shell('/clients');
    expect(await screen.findByText('other page')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('second-factor-notice')).not.toBeInTheDocument();
  });
});
