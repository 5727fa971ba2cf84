import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEvent, TVerifyAuditChainResponse } from '@bq/contracts/audit';
import type { TUser } from '@bq/contracts/user';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/query-keys';
import { userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AuditTrailPage } from './AuditTrailPage';

const officer = userOf({ permissions: [{ realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }] });
const adviser: TUser = { ...officer, permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] };

function event(id: number, action: string): TAuditEvent {
  return {
    id: String(id),
    seq: id,
    occurredAt: '2026-11-27T10:00:00Z',
    actorKind: 'USER',
    actorId: 'user-1',
    actorName: 'Alex Admin <admin@demo.example>',
    action,
    clientToken: 'client-tok',
    resultToken: null,
    details: { rows: 3 },
    outcome: 'ALLOWED',
    requestId: 'r',
    ip: '10.0.0.1',
    userAgent: 'ua',
  };
}

const intact: TVerifyAuditChainResponse = {
  ok: true, accountId: 'acc', events: 42, checkpoints: 2, headSeq: 42, headHash: 'a'.repeat(64),
  lastCheckpoint: { seq: 40, createdAt: '2026-12-05T00:00:00.000Z', keyId: '0123456789abcdef' }, firstBroken: null,
};
let verifyAnswer: TVerifyAuditChainResponse = intact;

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/audit/events/export')
      return new Response('{"id":"9"}\n', {
        headers: {
          'Content-Type': 'application/jsonl',
          'Content-Disposition': 'attachment; filename="audit-trail_2026.jsonl"',
        },
      });
    if (url.pathname === '/api/audit/verify') return jsonResponse(verifyAnswer);
    if (url.pathname === '/api/audit/actions')
      return jsonResponse({ actions: ['client.list', 'client.view', 'dashboard.view', 'export.download', 'fairness.adverse_impact_pdf'].map((action) => ({ action })) });
    if (url.searchParams.get('action') === 'legacy.gone')
      return jsonResponse({ errorKey: 'error.audit.unknown_action', message: 'x' }, 400);
    if (url.searchParams.get('action') === 'fairness.adverse_impact_pdf')
      return jsonResponse({ events: [event(7, 'fairness.adverse_impact_pdf')], nextCursor: null });
    if (url.pathname !== '/api/audit/events')
      return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
    if (url.searchParams.get('action') === 'export.download')
      return jsonResponse({ events: [event(9, 'export.download')], nextCursor: null });
    if (url.searchParams.get('cursor') === '2')
      return jsonResponse({ events: [event(1, 'client.list')], nextCursor: null });
    return jsonResponse({ events: [event(3, 'client.view'), event(2, 'dashboard.view')], nextCursor: '2' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage(user: TUser = officer) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  return renderWithProviders(<AuditTrailPage />, { route: '/settings/audit', queryClient });
}

describe('audit trail page', () => {
  it('lists events newest first and loads the next page from the cursor', async () => {
    renderPage();
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
    expect(screen.getByTestId('audit-table')).toHaveTextContent('client.view');
    expect(screen.getByTestId('audit-table')).toHaveTextContent(enUsTexts['audit.action.client.view']!);
    expect(screen.getAllByTestId('audit-actor-name')[0]).toHaveTextContent(/^Alex Admin$/);
    expect(screen.getAllByTestId('audit-actor-email')[0]).toHaveTextContent('admin@demo.example');
    fireEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(screen.queryByTestId('audit-more')).not.toBeInTheDocument();
  });

  it('filters by action', async () => {
    renderPage();
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByTestId('audit-filter-action'), { target: { value: 'export.download' } });
    fireEvent.click(screen.getByTestId('audit-filter-apply'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(screen.getByTestId('audit-table')).toHaveTextContent('export.download');
  });

  it('suggests actions by their words and filters by the code of the one picked', async () => {
    renderPage();
    await screen.findAllByTestId('audit-row');
    const input = screen.getByTestId('audit-filter-action');
    await waitFor(() => expect(fetchMock.mock.calls.some(([i]) => String(i).includes('/api/audit/actions'))).toBe(true));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'adverse pdf' } });
    fireEvent.click(await screen.findByRole('option', { name: /Downloaded the adverse-impact report \(PDF\)/ }));
    expect(input).toHaveValue('Downloaded the adverse-impact report (PDF)');
    fireEvent.click(screen.getByTestId('audit-filter-apply'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    const listed = fetchMock.mock.calls.map(([i]) => new URL(String(i), 'http://x')).filter((u) => u.pathname === '/api/audit/events');
    expect(listed.at(-1)!.searchParams.get('action')).toBe('fairness.adverse_impact_pdf');
  });

  it('says right at the field when typed text names no action, and asks nothing of the server', async () => {
    renderPage();
    await screen.findAllByTestId('audit-row');
    await waitFor(() => expect(fetchMock.mock.calls.some(([i]) => String(i).includes('/api/audit/actions'))).toBe(true));
    const before = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByTestId('audit-filter-action'), { target: { value: 'export' } });
    fireEvent.click(screen.getByTestId('audit-filter-apply'));
    expect(await screen.findByText("No action called 'export'; pick one of the suggestions.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.slice(before).some(([i]) => String(i).includes('action=export'))).toBe(false);
    expect(screen.queryByText(enUsTexts['audit.list.errorTitle']!)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an action in its own words, not as a failed load", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, officer);
    renderWithProviders(<AuditTrailPage />, { route: '/settings/audit?action=legacy.gone', queryClient });
    expect(await screen.findByText(enUsTexts.ERROR_AUDIT_UNKNOWN_ACTION!)).toBeInTheDocument();
    expect(screen.queryByText(enUsTexts['audit.list.errorTitle']!)).not.toBeInTheDocument();
  });

  it('exports the trail with the filter that is applied, as JSON Lines', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: () => 'blob:a',
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByTestId('audit-filter-action'), { target: { value: 'export.download' } });
    fireEvent.click(screen.getByTestId('audit-filter-apply'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('audit-export'));
    fireEvent.click(await screen.findByTestId('audit-export-jsonl'));
    await waitFor(() => expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'done'));
    expect(screen.getByTestId('download-status')).toHaveTextContent('audit-trail_2026.jsonl');
    expect(click).toHaveBeenCalledTimes(1);
    const exported = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .find((u) => u.pathname.endsWith('/export'))!;
    expect(Object.fromEntries(exported.searchParams)).toEqual({ format: 'jsonl', action: 'export.download' });
  });

  it('opens filtered when the address names a filter', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, officer);
    renderWithProviders(<AuditTrailPage />, { route: '/settings/audit?action=export.download', queryClient });
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(screen.getByTestId('audit-filter-action')).toHaveValue('export.download');
  });

  it('verifies the trail on demand and shows the outcome: intact with its checkpoint, or the first broken line and why', async () => {
    verifyAnswer = intact;
    renderPage();
    await screen.findAllByTestId('audit-row');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/audit/verify'))).toBe(false);
    fireEvent.click(screen.getByTestId('audit-verify-button'));
    const ok = await screen.findByTestId('audit-verify-result');
    expect(ok).toHaveAttribute('data-state', 'ok');
    expect(ok).toHaveTextContent(enUsTexts['audit.verify.okTitle']!);
    expect(ok).toHaveTextContent('42 events verified');
    expect(ok).toHaveTextContent('0123456789abcdef');

    verifyAnswer = { ...intact, ok: false, events: 6, headSeq: 6, lastCheckpoint: null, firstBroken: { line: 8, seq: 7, problem: 'tail_deleted', message: 'x' } };
    fireEvent.click(screen.getByTestId('audit-verify-button'));
    await waitFor(() => expect(screen.getByTestId('audit-verify-result')).toHaveAttribute('data-state', 'broken'));
    const broken = screen.getByTestId('audit-verify-result');
    expect(broken).toHaveTextContent('line 8');
    expect(broken).toHaveTextContent(enUsTexts['audit.verify.problem.tail_deleted']!);
    expect(broken).toHaveTextContent(enUsTexts['audit.verify.noCheckpoint']!);
  });

  it('tells a user without AUDIT_LOG why, and asks nothing of the server', () => {
    renderPage(adviser);
    expect(screen.getByText(enUsTexts['audit.forbidden.title']!)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
