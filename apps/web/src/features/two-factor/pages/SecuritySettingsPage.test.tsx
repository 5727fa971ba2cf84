import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { StepUpDialog } from '../components/StepUpDialog';
import { SecuritySettingsPage } from './SecuritySettingsPage';

const fetchMock = vi.fn<typeof fetch>();
let enabled = false;
const PASSKEY = { id: '00000000-0000-4000-8000-000000000001', name: 'Work laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null, deviceType: 'multiDevice', backedUp: true };
let passkeys: (typeof PASSKEY)[] = [];
/** The server wants a step-up before a factor change (docs/decisions/0064) until POST /api/user/2fa/step-up passed. */
let stepUpPending = false;
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-2345${i}`);

beforeAll(() => initTestI18n());
beforeEach(() => {
  enabled = false;
  passkeys = [];
  stepUpPending = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/user/2fa/step-up' && method === 'GET') return jsonResponse({ totp: enabled, passkeys: passkeys.length });
    if (url === '/api/user/2fa/step-up' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { password?: string };
      if (body.password !== 'My-Password-2026!') return jsonResponse({ errorKey: 'error.password.current_wrong', message: 'wrong' }, 400);
      stepUpPending = false;
      return jsonResponse({ verifiedAt: new Date().toISOString() });
    }
    const changesFactor = method !== 'GET' && url.startsWith('/api/user/2fa/') && !url.includes('step-up');
    if (changesFactor && stepUpPending) return jsonResponse({ errorKey: 'error.two_factor.step_up_required', message: 'Step-up required' }, 403);
    if (url === '/api/user/2fa/totp' && method === 'GET') return jsonResponse({ enabled, recoveryCodesLeft: enabled ? 10 : 0, enrolmentDeadline: null, enrolmentOverdue: false });
    if (url === '/api/user/2fa/totp' && method === 'POST') {
      return jsonResponse({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' });
    }
    if (url === '/api/user/2fa/totp/confirm') {
      enabled = true;
      return jsonResponse({ recoveryCodes: CODES });
    }
    if (url === '/api/user/2fa/totp' && method === 'DELETE') {
      enabled = false;
      return jsonResponse({ ok: true });
    }
    if (url === '/api/user/2fa/passkeys' && method === 'GET') return jsonResponse({ items: passkeys });
    if (url.startsWith('/api/user/2fa/passkeys/') && method === 'PATCH') {
      const name = (JSON.parse(String(init?.body)) as { name: string }).name;
      passkeys = passkeys.map((p) => ({ ...p, name }));
      return jsonResponse(passkeys[0]);
    }
    return jsonResponse({ errorKey: 'error.not_found', message: url }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const render = () => renderWithProviders(<SecuritySettingsPage />, { route: '/settings/security', queryClient: queryClientWithUser(userOf()) });

describe('Settings > Security', () => {
  it('sets up the authenticator app: QR code and key, confirmation with a code, the recovery codes once', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: enUsTexts['twoFactor.enrol.start'] }));
    expect(await screen.findByRole('img', { name: enUsTexts['twoFactor.enrol.qrAlt'] })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['twoFactor.enrol.code']!)), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['twoFactor.enrol.confirm'] }));
    const list = await screen.findByRole('list', { name: enUsTexts['twoFactor.recovery.listLabel'] });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/2fa/totp/confirm') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['twoFactor.recovery.done'] }));
    expect(await screen.findByText(enUsTexts['twoFactor.on']!)).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('turns the factor off with the password and a code, or a recovery code in the same field', async () => {
    enabled = true;
    render();
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['twoFactor.disable.password']!)), { target: { value: 'My-Password-2026!' } });
    fireEvent.change(screen.getByLabelText(exactLabel(enUsTexts['twoFactor.disable.code']!)), { target: { value: 'abcde-23456' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['twoFactor.disable.submit'] }));
    await waitFor(() => expect(screen.getByRole('button', { name: enUsTexts['twoFactor.enrol.start'] })).toBeInTheDocument());
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'My-Password-2026!', recoveryCode: 'abcde-23456' });
  });

  it('lists the passkeys with their names and renames one', async () => {
    passkeys = [PASSKEY];
    render();
    const list = await screen.findByRole('list', { name: enUsTexts['passkeys.listLabel'] });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(enUsTexts['passkeys.synced']!)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Work laptop' }));
    const input = await screen.findByTestId('passkey-rename-input');
    fireEvent.change(input, { target: { value: '  Home PC ' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['passkeys.save'] }));
    expect(await screen.findByText('Home PC')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Home PC' });
  });

  it('says when there is no passkey yet and offers to add one', async () => {
    render();
    expect(await screen.findByTestId('passkeys-empty')).toHaveTextContent(enUsTexts['passkeys.empty']!);
    expect(screen.getByRole('button', { name: enUsTexts['passkeys.add'] })).toBeInTheDocument();
  });
});

describe('Settings > Security when the server asks to confirm it is you', () => {
  const renderWithDialog = () =>
    renderWithProviders(
      <>
        <SecuritySettingsPage />
        <StepUpDialog />
      </>,
      { route: '/settings/security', queryClient: queryClientWithUser(userOf()) },
    );

  it('asks a user without a factor for the password before the enrolment starts, then starts it', async () => {
    stepUpPending = true;
    renderWithDialog();
    fireEvent.click(await screen.findByRole('button', { name: enUsTexts['twoFactor.enrol.start'] }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(enUsTexts['stepUp.passwordLead']!)).toBeInTheDocument();
    // No factor to offer: no code field, no passkey button.
    expect(within(dialog).queryByTestId('step-up-code')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('step-up-passkey')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(exactLabel(enUsTexts['stepUp.password']!)), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByTestId('step-up-submit'));
    expect(await within(dialog).findByTestId('step-up-error')).toHaveTextContent(enUsTexts.ERROR_PASSWORD_CURRENT_WRONG!);
    fireEvent.change(within(dialog).getByLabelText(exactLabel(enUsTexts['stepUp.password']!)), { target: { value: 'My-Password-2026!' } });
    fireEvent.click(within(dialog).getByTestId('step-up-submit'));
    // The same call goes again and the enrolment shows its QR code.
    expect(await screen.findByRole('img', { name: enUsTexts['twoFactor.enrol.qrAlt'] })).toBeInTheDocument();
    const starts = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/user/2fa/totp' && init?.method === 'POST');
    expect(starts).toHaveLength(2);
    const [, stepUpInit] = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/user/2fa/step-up' && init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(stepUpInit?.body))).toEqual({ password: 'My-Password-2026!' });
  });

  it('asks a user with a passkey for the passkey, not the password, before adding a factor; closing gives up', async () => {
    passkeys = [PASSKEY];
    stepUpPending = true;
    renderWithDialog();
    fireEvent.click(await screen.findByRole('button', { name: enUsTexts['twoFactor.enrol.start'] }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('step-up-passkey')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('step-up-password')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: enUsTexts['stepUp.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: enUsTexts['twoFactor.enrol.qrAlt'] })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/user/2fa/totp' && init?.method === 'POST')).toHaveLength(1);
  });
});
