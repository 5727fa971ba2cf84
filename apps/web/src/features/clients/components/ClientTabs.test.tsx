// The client page's "Access history" tab: only holders of AUDIT_LOG see it, and the trail is read only once it is
// opened (reading is itself recorded), filtered to this client's token.
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEvent } from '@bq/contracts/audit';
import type { TUser } from '@bq/contracts/user';
import { queryClientWithUser } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { adviser } from '../test-data';
import { ClientTabs } from './ClientTabs';

const officer: TUser = {
  ...adviser,
  permissions: [...adviser.permissions, { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }],
};
const text = (key: string) => enUsTexts[key]!;

const view: TAuditEvent = {
  id: '7',
  seq: 7,
  occurredAt: '2026-11-27T10:00:00Z',
  actorKind: 'USER',
  actorId: 'u-maria',
  actorName: 'Maria Berger <adviser@demo.example>',
  action: 'client.view',
  clientToken: 'c1',
  resultToken: null,
  details: { status: 200 },
  outcome: 'ALLOWED',
  requestId: 'r',
  ip: '10.0.0.1',
  userAgent: 'ua',
};

const fetchMock = vi.fn<typeof fetch>();
let events: TAuditEvent[];
beforeAll(() => initTestI18n());
beforeEach(() => {
  events = [view];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/audit/events') return jsonResponse({ events, nextCursor: null });
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderTabs(user: TUser) {
  return renderWithProviders(
    <ClientTabs clientToken="c1" interactions={<div data-testid="interactions-stub" />} />,
    {
      route: '/BQ_RISK/client/c1',
      queryClient: queryClientWithUser(user),
    },
  );
}

describe('client access history tab', () => {
  it('is not there for an adviser without AUDIT_LOG, who sees the interactions as before', () => {
    renderTabs(adviser);
    expect(screen.getByTestId('interactions-stub')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: text('audit.client.tab') })).not.toBeInTheDocument();
    expect(screen.queryByTestId('client-tabs')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a holder of AUDIT_LOG the client's events once the tab is opened, with the user's name", async () => {
    renderTabs(officer);
    expect(screen.getByTestId('interactions-stub')).toBeInTheDocument();
    // Nothing is read (and so nothing recorded) until the officer asks for it.
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: text('audit.client.tab') }));
    expect(await screen.findByTestId('audit-row')).toHaveTextContent('client.view');
    expect(screen.getAllByTestId('audit-actor-name')[0]).toHaveTextContent(/^Maria Berger$/);
    expect(screen.getAllByTestId('audit-actor-email')[0]).toHaveTextContent('adviser@demo.example');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.searchParams.get('clientToken')).toBe('c1');
    expect(screen.queryByTestId('interactions-stub')).not.toBeInTheDocument();
    expect(screen.getByTestId('audit-export')).toHaveTextContent(text('audit.export.button'));
  });

  it('says so when nothing is recorded about the client yet', async () => {
    events = [];
    renderTabs(officer);
    fireEvent.click(screen.getByRole('tab', { name: text('audit.client.tab') }));
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent(text('audit.client.empty'));
  });
});
