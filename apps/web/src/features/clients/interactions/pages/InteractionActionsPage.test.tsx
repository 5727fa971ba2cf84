import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TInstance } from '@bq/contracts/instances';
import type { TUser } from '@bq/contracts/user';
import { enUsTexts, initTestI18n } from '../../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { getLoadingCount, subscribeLoading } from '../../../../lib/loading-counter';
import { instanceQueryKey } from '../api/get-instance';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../../test/fixtures';
import { adviser, profileOf, reader } from '../../test-data';
import { fullInstanceOf, inviteOf } from '../test-data';
import { InteractionActionsPage } from './InteractionActionsPage';

const fetchMock = vi.fn<typeof fetch>();
let instance: TInstance | null;
let patchResponse: (body: Record<string, unknown>) => Response;
let deleteResponse: () => Response;
let profile = profileOf();

const PROFILE_URL = `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`;
const INSTANCE_URL = '/api/instance/i1';
const PATCH_URL = '/api/instance/i1/auto_sends';
const DELETE_URL = '/api/interaction/instance/i1';

beforeAll(() => initTestI18n());

beforeEach(() => {
  instance = fullInstanceOf();
  patchResponse = (body) => {
    instance = { ...instance!, ...body };
    return jsonResponse(instance);
  };
  deleteResponse = () => new Response(null, { status: 204 });
  profile = profileOf();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === PROFILE_URL) return jsonResponse(profile);
    if (url === INSTANCE_URL) {
      return instance
        ? jsonResponse(instance)
        : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
    }
    if (url === '/api/instance/i1/invite') return jsonResponse(inviteOf());
    if (url === PATCH_URL) return patchResponse(body);
    if (url === DELETE_URL) return deleteResponse();
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

const text = (key: string) => enUsTexts[key]!;
const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

function renderPage(user: TUser = adviser) {
  return renderWithProviders(<InteractionActionsPage />, {
    route: '/BQ_RISK/client/c1/interaction/i1',
    path: '/:productName/client/:clientToken/interaction/:interactionInstanceToken',
    queryClient: queryClientWithUser(user),
  });
}

describe('interaction actions', () => {
  it('polls the status in the background, without the global loading bar', async () => {
    instance = fullInstanceOf({ status: 'NEW' });
    const counts: number[] = [];
    const unsubscribe = subscribeLoading(() => counts.push(getLoadingCount()));
    const { queryClient } = renderPage();
    expect(await screen.findByTestId('interaction-live-hint')).toBeInTheDocument();
    await waitFor(() => expect(getLoadingCount()).toBe(0));
    // The first load showed the bar.
    expect(counts.length).toBeGreaterThan(0);

    counts.length = 0;
    const before = callsTo(INSTANCE_URL).length;
    instance = fullInstanceOf({ status: 'OPENED', openedAt: '2026-04-03T08:30:00Z' });
    // What the 3-second interval does: a refetch of the instance the page already shows.
    await act(() => queryClient.refetchQueries({ queryKey: instanceQueryKey('i1'), type: 'active' }));
    await waitFor(() =>
      expect(screen.getByTestId('interaction-status')).toHaveAttribute('data-status', 'OPENED'),
    );
    unsubscribe();
    expect(callsTo(INSTANCE_URL).length).toBeGreaterThan(before);
    expect(counts).toEqual([]);
  });

  it('shows status, lock, dates and the invite with a prepared e-mail', async () => {
    instance = fullInstanceOf({ status: 'OPENED', openedAt: '2026-04-03T08:30:00Z' });
    renderPage();
    const page = await screen.findByTestId('interaction-actions');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Questionnaire for Müller, Anna',
    );
    expect(screen.getByTestId('interaction-status')).toHaveAttribute('data-status', 'OPENED');
    // Not answered yet: no result, so nothing is locked.
    expect(screen.getByTestId('lock-status')).toHaveAttribute('data-status', 'NO_RESULT');
    expect(screen.getByTestId('interaction-expires')).toHaveTextContent('05/02/2026');
    expect(screen.getByTestId('interaction-opened')).toHaveTextContent('04/03/2026');
    expect(screen.getByTestId('interaction-filled')).toHaveTextContent(text('interactions.dates.notYet'));

    expect(await screen.findByTestId('interaction-invite-link')).toHaveValue('http://localhost:3000/q/i1');
    expect(screen.getByTestId('interaction-invite-link')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: text('interactions.invite.open') })).toHaveAttribute(
      'target',
      '_blank',
    );
    // The server's mailto as it is: subject and body encoded there, line breaks as CRLF (%0D%0A).
    const mailto = screen.getByTestId('interaction-mailto');
    expect(mailto.tagName).toBe('A');
    expect(mailto).toHaveAttribute('href', inviteOf().mailtoUrl);
    expect(mailto.getAttribute('href')).toContain('%0D%0A');
    expect(screen.getByTestId('interaction-email-subject')).toHaveTextContent('Ihr Fragebogen');
    expect(screen.getByTestId('interaction-email-body')).toHaveTextContent(
      'bitte füllen Sie den Fragebogen aus',
    );
    expect(screen.queryByTestId('interaction-dashboard-link')).not.toBeInTheDocument();
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByTestId('interaction-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://localhost:3000/q/i1'));
    expect(await screen.findByTestId('interaction-copy-link')).toHaveTextContent(
      text('interactions.invite.copied'),
    );
    const status = screen.getByTestId('interaction-copy-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(text('interactions.invite.copiedAnnouncement'));
  });

  it('copies through the selection where the Clipboard API is missing', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByTestId('interaction-copy-link'));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
    expect(await screen.findByText(text('interactions.invite.copiedAnnouncement'))).toBeInTheDocument();
  });

  it('asks the user to copy by hand when no way of copying works', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('interaction-copy-link'));
    expect(await screen.findByText(text('interactions.invite.copyFailed'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('interaction-invite-link')).toHaveFocus());
  });

  it('switches the automatic reminder and report at once', async () => {
    renderPage();
    const reminder = await screen.findByTestId('interaction-auto-reminder');
    const report = screen.getByTestId('interaction-auto-report');
    expect(reminder).toBeChecked();
    expect(report).not.toBeChecked();

    fireEvent.click(reminder);
    await waitFor(() => expect(reminder).not.toBeChecked());
    await waitFor(() => expect(callsTo(PATCH_URL)).toHaveLength(1));
    expect(callsTo(PATCH_URL)[0]?.[1]?.method).toBe('PATCH');
    expect(bodyOf(callsTo(PATCH_URL)[0])).toEqual({ autoReminder: false });

    fireEvent.click(report);
    await waitFor(() => expect(callsTo(PATCH_URL)).toHaveLength(2));
    expect(bodyOf(callsTo(PATCH_URL)[1])).toEqual({ autoSendReport: true });
    await waitFor(() => expect(report).toBeChecked());
    expect(reminder).not.toBeChecked();
  });

  it('says where the report mail is, as the server answers on switching it on for an open result', async () => {
    instance = fullInstanceOf({ status: 'RESULTS_AVAILABLE', lockStatus: 'UNLOCKED' });
    patchResponse = (body) => {
      const reportMail = { state: 'QUEUED' as const, queuedAt: '2026-04-05T09:15:00Z', sentAt: null, reason: null, attempts: 0 };
      instance = { ...instance!, ...body, reportSentAt: '2026-04-05T09:15:00Z', reportMail };
      return jsonResponse(instance);
    };
    renderPage();
    const report = await screen.findByTestId('interaction-auto-report');
    expect(screen.getByText(text('interactions.autoReport.hintOpen'))).toBeInTheDocument();
    expect(screen.queryByTestId('interaction-report-mail')).not.toBeInTheDocument();
    fireEvent.click(report);
    // Queued, not "emailed": it has not left yet (docs/decisions/0083).
    const sent = await screen.findByTestId('interaction-report-mail');
    expect(sent).toHaveTextContent(/^Report email: Queued on .*2026.*, not sent yet$/);
    expect(screen.getByText(text('interactions.autoReport.hint'))).toBeInTheDocument();
  });

  it('switches back and says so when saving fails', async () => {
    let answer: (response: Response) => void = () => {};
    patchResponse = () => {
      throw new Error('answered by the test');
    };
    const answering = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input) === PATCH_URL
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : answering(input, init),
    );
    renderPage();
    const report = await screen.findByTestId('interaction-auto-report');
    fireEvent.click(report);
    await waitFor(() => expect(callsTo(PATCH_URL)).toHaveLength(1));
    // Optimistic: switched while the server has not answered yet.
    await waitFor(() => expect(report).toBeChecked());
    act(() => answer(jsonResponse({ errorKey: 'error.general', message: 'x' }, 500)));
    await waitFor(() => expect(report).not.toBeChecked());
    expect(await screen.findByText(text('ERROR_GENERAL'))).toBeInTheDocument();
  });

  it('offers the switches read-only to users who may not change interactions', async () => {
    renderPage({
      ...reader,
      permissions: [
        ...reader.permissions,
        { realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'READ' },
      ],
    });
    expect(await screen.findByTestId('interaction-auto-reminder')).toBeDisabled();
    expect(screen.queryByTestId('interaction-delete-button')).not.toBeInTheDocument();
  });

  it('deletes only after the shown security code is typed, then returns to the client', async () => {
    const { router } = renderPage();
    fireEvent.click(await screen.findByTestId('interaction-delete-button'));
    const dialog = await screen.findByRole('dialog', { name: text('interactions.delete.modalTitle') });
    expect(screen.getByTestId('interaction-delete-modal')).toContainElement(dialog);
    const code = within(dialog).getByTestId('interaction-security-code').textContent ?? '';
    expect(code).toMatch(/^\d{4}$/);
    const input = within(dialog).getByTestId('interaction-security-code-input');
    const confirm = within(dialog).getByTestId('interaction-delete-confirm');
    expect(confirm).toBeDisabled();

    const wrong = code === '1234' ? '4321' : '1234';
    fireEvent.change(input, { target: { value: wrong } });
    expect(confirm).toBeDisabled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await within(dialog).findByText(text('ERROR_SECURITY_CODE_MISMATCH'))).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(DELETE_URL)).toHaveLength(0);

    fireEvent.change(input, { target: { value: code } });
    expect(within(dialog).queryByText(text('ERROR_SECURITY_CODE_MISMATCH'))).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1'));
    expect(callsTo(DELETE_URL)).toHaveLength(1);
    expect(callsTo(DELETE_URL)[0]?.[1]?.method).toBe('DELETE');
    expect(await screen.findByText(text('interactions.delete.success'))).toBeInTheDocument();
  });

  it('shows in the dialog that a running calculation blocks deleting', async () => {
    deleteResponse = () => jsonResponse({ errorKey: 'error.interaction.in_progress', message: 'x' }, 409);
    const { router } = renderPage();
    fireEvent.click(await screen.findByTestId('interaction-delete-button'));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByTestId('interaction-security-code').textContent ?? '';
    fireEvent.change(within(dialog).getByTestId('interaction-security-code-input'), {
      target: { value: code },
    });
    fireEvent.click(within(dialog).getByTestId('interaction-delete-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text('ERROR_INTERACTION_IN_PROGRESS'));
    expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1/interaction/i1');
  });

  it('links to the results once they are available, without the invite', async () => {
    instance = fullInstanceOf({
      status: 'RESULTS_AVAILABLE',
      openedAt: '2026-04-03T08:30:00Z',
      filledAt: '2026-04-03T09:00:00Z',
    });
    renderPage();
    expect(await screen.findByTestId('interaction-dashboard-link')).toHaveAttribute(
      'href',
      '/BQ_RISK/client/c1/dashboard/i1',
    );
    expect(screen.getByTestId('interaction-invite-done')).toHaveTextContent(
      text('interactions.invite.submitted'),
    );
    expect(screen.queryByTestId('interaction-invite-link')).not.toBeInTheDocument();
    expect(callsTo('/api/instance/i1/invite')).toHaveLength(0);
  });

  it("offers no automatic reminder or report for an erased client's kept result, and says why (decision 0077)", async () => {
    instance = fullInstanceOf({ status: 'RESULTS_AVAILABLE', openedAt: '2026-04-03T08:30:00Z', filledAt: '2026-04-03T09:00:00Z' });
    profile = profileOf({ firstName: 'Client', lastName: 'Erased', active: false, erasedAt: '2026-12-06T10:00:00Z' });
    renderPage();
    expect(await screen.findByTestId('interaction-erased-notice')).toHaveTextContent(text('interactions.actions.erased'));
    expect(screen.getByTestId('interaction-dashboard-link')).toBeInTheDocument();
    expect(screen.queryByTestId('interaction-auto-reminder')).toBeNull();
    expect(screen.queryByTestId('interaction-auto-report')).toBeNull();
  });

  it('follows the status without a reload', async () => {
    renderPage();
    expect(await screen.findByTestId('interaction-status')).toHaveAttribute('data-status', 'NEW');
    instance = fullInstanceOf({ status: 'RESULTS_AVAILABLE' });
    await waitFor(
      () =>
        expect(screen.getByTestId('interaction-status')).toHaveAttribute('data-status', 'RESULTS_AVAILABLE'),
      {
        timeout: 5000,
      },
    );
  }, 8000);

  it('says "interaction not found" for an unknown token', async () => {
    instance = null;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();
    const notFound = await screen.findByTestId('interaction-not-found');
    expect(notFound).toHaveTextContent(text('interactions.notFound.title'));
    expect(within(notFound).getByRole('link', { name: text('interactions.notFound.back') })).toHaveAttribute(
      'href',
      '/BQ_RISK/client/c1',
    );
  });

  it('treats an interaction of another client as not found', async () => {
    instance = fullInstanceOf({ clientToken: 'c2' });
    renderPage();
    expect(await screen.findByTestId('interaction-not-found')).toBeInTheDocument();
  });
});
