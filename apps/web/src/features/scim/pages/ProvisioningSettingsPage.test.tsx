import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ProvisioningSettingsPage } from './ProvisioningSettingsPage';

const fetchMock = vi.fn<typeof fetch>();
const ADMIN = [{ realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'ALL' }];
const BASE = 'https://bq.example/scim/v2';
let status = { exists: false, createdAt: null as string | null, lastUsedAt: null as string | null, baseUrl: BASE };

beforeAll(() => initTestI18n());
beforeEach(() => {
  status = { exists: false, createdAt: null, lastUsedAt: null, baseUrl: BASE };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (String(input) !== '/api/sso/scim/token') return jsonResponse({ errorKey: 'error.not_found' }, 404);
    if (method === 'POST') {
      status = { ...status, exists: true, createdAt: '2026-11-27T10:00:00.000Z' };
      return jsonResponse({ ...status, token: 'bqscim_secret-shown-once' }, 201);
    }
    if (method === 'DELETE') {
      status = { ...status, exists: false, createdAt: null };
      return jsonResponse({ ok: true });
    }
    return jsonResponse(status);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = (method: string) => fetchMock.mock.calls.filter(([, i]) => (i?.method ?? 'GET') === method).length;

describe('Settings > Provisioning', () => {
  it('issues a token, shows it once with the base URL, forgets it when done, and revokes only after a confirmation', async () => {
    renderWithProviders(<ProvisioningSettingsPage />, { route: '/settings/provisioning', queryClient: queryClientWithUser(userOf({ permissions: ADMIN })) });
    expect(await screen.findByTestId('scim-base-url')).toHaveValue(BASE);
    expect(screen.getByTestId('scim-token-status')).toHaveTextContent(enUsTexts['scim.status.none']!);

    fireEvent.click(screen.getByTestId('scim-issue'));
    expect(await screen.findByTestId('scim-token')).toHaveValue('bqscim_secret-shown-once');
    expect(screen.getByText(enUsTexts['scim.newToken.once']!)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('scim-token-status')).toHaveTextContent(/issued/));
    fireEvent.click(screen.getByTestId('scim-token-done'));
    expect(screen.queryByTestId('scim-token')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('scim-revoke'));
    expect(calls('DELETE')).toBe(0);
    fireEvent.click(await screen.findByTestId('scim-revoke-confirm'));
    await waitFor(() => expect(calls('DELETE')).toBe(1));
    await waitFor(() => expect(screen.getByTestId('scim-token-status')).toHaveTextContent(enUsTexts['scim.status.none']!));
  });

  it('tells an evaluator without user administration that provisioning is not theirs, and asks the server nothing', async () => {
    renderWithProviders(<ProvisioningSettingsPage />, {
      route: '/settings/provisioning',
      queryClient: queryClientWithUser(userOf({ permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] })),
    });
    expect(await screen.findByText(enUsTexts['scim.forbidden.title']!)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
