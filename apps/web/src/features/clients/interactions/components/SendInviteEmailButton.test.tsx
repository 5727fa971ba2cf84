import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TInstance } from '@bq/contracts/instances';
import { enUsTexts, initTestI18n } from '../../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../../test/fixtures';
import { adviser, profileOf } from '../../test-data';
import { InteractionActionsPage } from '../pages/InteractionActionsPage';
import { fullInstanceOf, inviteOf } from '../test-data';

const SEND_URL = '/api/instance/i1/invite/email';
const fetchMock = vi.fn<typeof fetch>();
let instance: TInstance;
let sendResponse: () => Response | Promise<Response>;

beforeAll(() => initTestI18n());

beforeEach(() => {
  instance = fullInstanceOf();
  sendResponse = () => {
    instance = { ...instance, invitedAt: '2026-04-03T08:30:00Z' };
    return jsonResponse({ sentTo: 'anna.mueller@example.com', invitedAt: '2026-04-03T08:30:00Z' });
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`) return jsonResponse(profileOf());
    if (url === '/api/instance/i1') return jsonResponse(instance);
    if (url === '/api/instance/i1/invite') return jsonResponse(inviteOf());
    if (url === SEND_URL) return sendResponse();
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), enUsTexts[key]!);
const sends = () => fetchMock.mock.calls.filter(([input]) => String(input) === SEND_URL);

function renderPage() {
  return renderWithProviders(<InteractionActionsPage />, {
    route: '/BQ_RISK/client/c1/interaction/i1',
    path: '/:productName/client/:clientToken/interaction/:interactionInstanceToken',
    queryClient: queryClientWithUser(adviser),
  });
}

describe('send the invitation by e-mail', () => {
  it('sends once, shows that it is sending, names the address in a success toast and the date on the page', async () => {
    let answer: (response: Response) => void = () => {};
    sendResponse = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    const button = await screen.findByTestId('interaction-send-invite-email');
    expect(button).toHaveTextContent(text('interactions.emailSend.button'));
    expect(screen.getByText(text('interactions.emailSend.lead', { email: 'anna.mueller@example.com' }))).toBeInTheDocument();
    expect(screen.queryByTestId('interaction-invitation-mail')).not.toBeInTheDocument();

    fireEvent.click(button);
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.[1]?.method).toBe('POST');
    // Loading: a second click while it is on its way does not send again.
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    fireEvent.click(button);
    expect(sends()).toHaveLength(1);

    // The server answers the mail as queued; it has not left, and the page must not say it was e-mailed.
    const queued = { state: 'QUEUED' as const, queuedAt: '2026-04-03T08:30:00Z', sentAt: null, reason: null, attempts: 0 };
    instance = { ...instance, invitedAt: '2026-04-03T08:30:00Z', invitationMail: queued };
    act(() => answer(jsonResponse({ sentTo: 'anna.mueller@example.com', invitedAt: '2026-04-03T08:30:00Z', mail: queued })));
    expect(
      await screen.findByText(text('interactions.emailSend.success', { email: 'anna.mueller@example.com' })),
    ).toBeInTheDocument();
    const state = await screen.findByTestId('interaction-invitation-mail');
    expect(state).toHaveAttribute('data-state', 'QUEUED');
    expect(state).toHaveTextContent(text('mailDelivery.state.QUEUED', { date: '04/03/2026 8:30 AM' }));
  });

  it('shows a mail that waits for a failing server as not sent yet, with the reason, and a sent one with its time', async () => {
    const reason = 'connect ECONNREFUSED 127.0.0.1:4499';
    instance = fullInstanceOf({
      status: 'NEW',
      invitedAt: '2026-04-03T08:30:00Z',
      invitationMail: { state: 'DEFERRED', queuedAt: '2026-04-03T08:30:00Z', sentAt: null, reason, attempts: 2 },
    });
    const { unmount } = renderPage();
    const alert = await screen.findByTestId('interaction-invitation-mail');
    expect(alert).toHaveAttribute('data-state', 'DEFERRED');
    expect(alert).toHaveTextContent(text('mailDelivery.title.DEFERRED'));
    expect(alert).toHaveTextContent(text('mailDelivery.state.DEFERRED', { reason }));
    expect(alert).toHaveTextContent(text('mailDelivery.checkSender'));
    unmount();

    instance = fullInstanceOf({
      status: 'NEW',
      invitedAt: '2026-04-03T08:30:00Z',
      invitationMail: { state: 'SENT', queuedAt: '2026-04-03T08:30:00Z', sentAt: '2026-04-03T08:31:00Z', reason: null, attempts: 1 },
    });
    renderPage();
    expect(await screen.findByTestId('interaction-invitation-mail')).toHaveTextContent(text('mailDelivery.state.SENT', { date: '04/03/2026 8:31 AM' }));
  });

  it('names no address for a client anonymised for the viewer (the server sends none), in the lead, the preview and the toast', async () => {
    const invite = inviteOf();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`)
        return jsonResponse(profileOf({ firstName: '', lastName: '', email: '', anonymize: true, anonymizedName: 'Client 12', anonymizedInitials: 'C12', anonymizationKind: 'NUMBER' }));
      if (url === '/api/instance/i1') return jsonResponse(instance);
      if (url === '/api/instance/i1/invite') return jsonResponse({ ...invite, email: { ...invite.email, to: '' }, mailtoUrl: invite.mailtoUrl.replace(/^mailto:[^?]*/, 'mailto:') });
      if (url === SEND_URL) return jsonResponse({ sentTo: '', invitedAt: '2026-04-03T08:30:00Z', mail: { state: 'QUEUED', queuedAt: '2026-04-03T08:30:00Z', sentAt: null, reason: null, attempts: 0 } });
      return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
    });
    renderPage();
    const hidden = text('anonymisation.emailHidden');
    expect(await screen.findByText(text('interactions.emailSend.lead', { email: hidden }))).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('interaction-send-invite-email'));
    expect(await screen.findByText(text('interactions.emailSend.success', { email: hidden }))).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: text('interactions.email.preview') });
    expect(preview).toHaveTextContent(text('anonymisation.hidden'));
    expect(preview).not.toHaveTextContent('anna.mueller@example.com');
  });

  it('shows the translated reason when the server refuses', async () => {
    sendResponse = () => jsonResponse({ errorKey: 'error.invitation.not_open', message: 'x' }, 409);
    renderPage();
    fireEvent.click(await screen.findByTestId('interaction-send-invite-email'));
    expect(await screen.findByText(enUsTexts.ERROR_INVITATION_NOT_OPEN!)).toBeInTheDocument();
    expect(screen.queryByTestId('interaction-invitation-mail')).not.toBeInTheDocument();
  });

  it('falls back to its own message for an error without a text', async () => {
    sendResponse = () => jsonResponse({ errorKey: 'error.something_unknown', message: 'x' }, 500);
    renderPage();
    fireEvent.click(await screen.findByTestId('interaction-send-invite-email'));
    expect(await screen.findByText(text('interactions.emailSend.failed'))).toBeInTheDocument();
  });

  it('is not offered once the link has expired, and shows reminders already sent', async () => {
    instance = fullInstanceOf({
      expirationStatus: 'EXPIRED',
      invitedAt: '2026-04-02T10:05:00Z',
      invitationMail: { state: 'SENT', queuedAt: '2026-04-02T10:05:00Z', sentAt: '2026-04-02T10:05:30Z', reason: null, attempts: 1 },
      remindersSent: 2,
      lastReminderAt: '2026-04-12T09:00:00Z',
    });
    renderPage();
    expect(await screen.findByTestId('interaction-send-invite-email')).toBeDisabled();
    expect(screen.getByTestId('interaction-invitation-mail')).toHaveTextContent('04/02/2026');
    const reminders = screen.getByTestId('interaction-reminders-sent');
    expect(reminders).toHaveTextContent(text('interactions.autoReminder.sent', { number: '2', date: '04/12/2026 9:00 AM' }));
  });

  it("keeps the mailto link for the adviser's own mail program beside it", async () => {
    renderPage();
    const section = (await screen.findByTestId('interaction-send-invite-email')).closest('section')!;
    expect(within(section).getByTestId('interaction-mailto')).toHaveTextContent(text('interactions.email.button'));
  });
});
