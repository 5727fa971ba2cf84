// The CRM settings page: both CRMs with their state; connecting sends the browser to the CRM's authorize URL; the
// mapping is checked before it is sent and sent as typed; a failed client shows its reason and is retried; the CRM's
// return with an error explains it; a user without API management reads why the page is closed; a failed load offers
// a retry.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CrmPage } from './CrmPage';

const fetchMock = vi.fn<typeof fetch>();
let listFails = false;
const CONNECTIONS = [
  { provider: 'SALESFORCE', available: true, status: 'CONNECTED', connectedAt: '2026-12-07T10:00:00.000Z', instanceUrl: 'https://firm.my.salesforce.com', mapping: null, lastFullSyncAt: null, failedClients: 1 },
  { provider: 'HUBSPOT', available: true, status: 'NOT_CONNECTED', connectedAt: null, instanceUrl: null, mapping: null, lastFullSyncAt: null, failedClients: 0 },
];
const FAILURE = { provider: 'SALESFORCE', clientToken: 'tok-anna', clientName: 'Anna Berg', status: 'FAILED', externalContactId: null, lastSyncedAt: null, lastErrorKey: 'error.crm.no_match', lastError: 'No contact with e-mail anna@example.com', attempts: 2, nextAttemptAt: null };

beforeAll(() => initTestI18n());
beforeEach(() => {
  listFails = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/account/crm') return listFails ? jsonResponse({ errorKey: 'error.general' }, 500) : jsonResponse({ connections: CONNECTIONS });
    if (url === '/api/account/crm/salesforce/failures') return jsonResponse({ states: [FAILURE] });
    if (url === '/api/account/crm/hubspot/connect' && method === 'POST') return jsonResponse({ authorizationUrl: 'https://app.hubspot.com/oauth/authorize?state=s' });
    if (url === '/api/account/crm/salesforce/mapping' && method === 'PUT') return jsonResponse({ ok: true });
    if (url === '/api/account/crm/salesforce/clients/tok-anna/retry') return jsonResponse({ ...FAILURE, status: 'SYNCED', lastErrorKey: null });
    return jsonResponse({ errorKey: 'error.not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = (path: string, method: string) => fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);

const apiAdmin = () => userOf({ permissions: [{ realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'ALL' }] });

function renderPage(route = '/settings/crm', user = apiAdmin()) {
  const navigate = vi.fn();
  renderWithProviders(<CrmPage navigate={navigate} />, { queryClient: queryClientWithUser(user), route });
  return { navigate };
}

describe('the CRM settings page', () => {
  it('shows both CRMs and sends the browser to the CRM when connecting', async () => {
    const { navigate } = renderPage();
    expect(await screen.findByTestId('crm-status-SALESFORCE')).toHaveTextContent(enUsTexts['crm.status.CONNECTED']!);
    expect(screen.getByTestId('crm-status-HUBSPOT')).toHaveTextContent(enUsTexts['crm.status.NOT_CONNECTED']!);
    fireEvent.click(screen.getByTestId('crm-connect-HUBSPOT'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://app.hubspot.com/oauth/authorize?state=s'));
  });

  it('checks the field names before sending, then sends the mapping as typed', async () => {
    renderPage();
    const form = await screen.findByTestId('crm-mapping-SALESFORCE');
    fireEvent.change(within(form).getByLabelText(enUsTexts['crm.mapping.field.riskClass']!), { target: { value: 'Risk Class' } });
    fireEvent.click(within(form).getByRole('button', { name: enUsTexts['crm.mapping.save'] }));
    expect(await within(form).findByText(enUsTexts['crm.mapping.invalidName']!)).toBeInTheDocument();
    expect(calls('/api/account/crm/salesforce/mapping', 'PUT')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(enUsTexts['crm.mapping.field.riskClass']!), { target: { value: 'Risk_Class__c' } });
    fireEvent.change(within(form).getByLabelText(enUsTexts['crm.mapping.externalId']!), { target: { value: 'Client_Number__c' } });
    fireEvent.click(within(form).getByRole('button', { name: enUsTexts['crm.mapping.save'] }));
    await waitFor(() => expect(calls('/api/account/crm/salesforce/mapping', 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/account/crm/salesforce/mapping', 'PUT')[0]![1]!.body))).toEqual({
      externalIdProperty: 'Client_Number__c',
      fields: { riskClass: 'Risk_Class__c', resultDate: null, status: null, reportUrl: null },
      addNote: true,
    });
  });

  it("lists a client that was not written with the reason, and retries it", async () => {
    renderPage();
    const list = await screen.findByTestId('crm-failures');
    expect(within(list).getByText('Anna Berg')).toBeInTheDocument();
    expect(within(list).getByText(enUsTexts['ERROR_CRM_NO_MATCH']!)).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: enUsTexts['crm.failures.retry'] }));
    await waitFor(() => expect(calls('/api/account/crm/salesforce/clients/tok-anna/retry', 'POST')).toHaveLength(1));
  });

  it("explains the CRM's refusal when the browser comes back with an error", async () => {
    renderPage('/settings/crm?error=error.crm.state_invalid');
    expect(await screen.findByTestId('crm-connect-error')).toHaveTextContent(enUsTexts['ERROR_CRM_STATE_INVALID']!);
  });

  it('tells a user without API management why the page is closed, and loads nothing', async () => {
    renderPage('/settings/crm', userOf({ permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] }));
    expect(await screen.findByText(enUsTexts['crm.forbidden.title']!)).toBeInTheDocument();
    expect(calls('/api/account/crm', 'GET')).toEqual([]);
  });

  it('offers a retry when the connections cannot be loaded', async () => {
    listFails = true;
    renderPage();
    expect(await screen.findByText(enUsTexts['crm.list.errorTitle']!)).toBeInTheDocument();
  });
});
