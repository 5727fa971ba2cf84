// The client's CRM state on the client's page: written (with when) or not written (with the reason) per CRM, for who
// manages the CRM connections; nothing at all (and no call) for other users or a client never synced.
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ClientCrmSync } from './ClientCrmSync';

const fetchMock = vi.fn<typeof fetch>();
const base = { clientToken: 'tok-anna', clientName: 'Anna Berg', externalContactId: null, lastError: null, attempts: 0, nextAttemptAt: null };
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/account/crm/clients/tok-anna'
      ? jsonResponse({
          states: [
            { ...base, provider: 'SALESFORCE', status: 'SYNCED', lastSyncedAt: '2026-12-07T10:00:00.000Z', lastErrorKey: null },
            { ...base, provider: 'HUBSPOT', status: 'FAILED', lastSyncedAt: null, lastErrorKey: 'error.crm.no_match', attempts: 2 },
          ],
        })
      : jsonResponse({ states: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

const apiAdmin = () => userOf({ permissions: [{ realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' }] });

describe("the client's CRM sync state", () => {
  it('shows per CRM whether the result was written, and why not', async () => {
    renderWithProviders(<ClientCrmSync clientToken="tok-anna" />, { queryClient: queryClientWithUser(apiAdmin()) });
    const box = await screen.findByTestId('client-crm-sync');
    expect(box).toHaveTextContent(enUsTexts['crm.client.status.SYNCED']!);
    expect(box).toHaveTextContent(enUsTexts['crm.client.status.FAILED']!);
    expect(box).toHaveTextContent(enUsTexts['ERROR_CRM_NO_MATCH']!);
  });

  it('shows nothing for a client never synced', async () => {
    renderWithProviders(<ClientCrmSync clientToken="tok-new-client" />, { queryClient: queryClientWithUser(apiAdmin()) });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('client-crm-sync')).not.toBeInTheDocument();
  });

  it('asks nothing for a user who does not manage the CRM connections', () => {
    renderWithProviders(<ClientCrmSync clientToken="tok-anna" />, { queryClient: queryClientWithUser(userOf({ permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] })) });
    expect(screen.queryByTestId('client-crm-sync')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
