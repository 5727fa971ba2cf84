// The members page shows each member's API credentials with created, expires and last used (docs/decisions/0072),
// so an admin sees standing access that skips the second factor; an expired one is marked.
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MemberFactorsTable } from './MemberFactorsTable';

const fetchMock = vi.fn<typeof fetch>();
const future = new Date(Date.now() + 30 * 86_400_000).toISOString();

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/account/security/members') {
      return jsonResponse({
        members: [
          {
            userId: 'u2', email: 'anna@demo.example', name: 'Anna Alt', active: true, totp: true, passkeys: 0, enrolmentDeadline: null,
            apiCredentials: [
              { id: 'c1', description: 'Nightly CRM export', createdAt: '2026-10-01T08:00:00.000Z', expiresAt: future, lastUsedAt: '2026-12-05T22:00:00.000Z' },
              { id: 'c2', description: 'Old import script', createdAt: '2026-01-10T08:00:00.000Z', expiresAt: '2026-04-10T08:00:00.000Z', lastUsedAt: null },
            ],
          },
          { userId: 'u3', email: 'ben@demo.example', name: 'Ben Bach', active: true, totp: false, passkeys: 0, enrolmentDeadline: null, apiCredentials: [] },
        ],
      });
    }
    return jsonResponse({ errorKey: 'error.not_found', message: String(input) }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('the members table', () => {
  it("lists each member's API credentials with their dates and marks the expired one", async () => {
    renderWithProviders(<MemberFactorsTable />, { queryClient: queryClientWithUser(userOf()) });
    const table = await screen.findByRole('table', { name: enUsTexts['accountSecurity.members.caption'] });
    expect(within(table).getByRole('columnheader', { name: enUsTexts['accountSecurity.members.credentials'] })).toBeInTheDocument();
    const [anna, ben] = within(table).getAllByTestId('member-factor-row');

    const credentials = within(anna!).getAllByTestId('member-credential');
    expect(credentials).toHaveLength(2);
    expect(credentials[0]).toHaveTextContent('Nightly CRM export');
    expect(credentials[0]).toHaveTextContent(/Created .*2026/);
    expect(credentials[0]).toHaveTextContent(/Expires /);
    expect(credentials[0]).toHaveTextContent(/Last used .*2026/);
    expect(credentials[0]).not.toHaveTextContent(enUsTexts['apiCredentials.table.expired']!);
    expect(credentials[1]).toHaveTextContent('Old import script');
    expect(credentials[1]).toHaveTextContent(enUsTexts['apiCredentials.table.expired']!);
    expect(credentials[1]).toHaveTextContent(/Expired .*2026/);
    expect(credentials[1]).toHaveTextContent(enUsTexts['accountSecurity.members.credentialNeverUsed']!);

    expect(within(ben!).queryByTestId('member-credential')).not.toBeInTheDocument();
    expect(ben).toHaveTextContent(enUsTexts['accountSecurity.members.noCredentials']!);
  });
});
