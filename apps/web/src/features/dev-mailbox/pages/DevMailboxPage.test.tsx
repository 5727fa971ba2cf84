import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDevMail, TDevMailboxItem } from '@bq/contracts/mail';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { DevMailboxPage } from './DevMailboxPage';

const invitation: TDevMailboxItem = {
  id: '5b8f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  kind: 'INVITATION',
  to: 'juergen@example.com',
  subject: 'Kanzlei Weiß: Ihr Fragebogen „Risikoprofil“',
  locale: 'DE_DE',
  status: 'SENT',
  createdAt: '2026-04-03T08:30:00Z',
  sentAt: '2026-04-03T08:30:01Z',
};
const reminder: TDevMailboxItem = {
  ...invitation,
  id: '7c9d0e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f',
  kind: 'REMINDER',
  to: 'anna@example.com',
  subject: 'Reminder from Wealth & Co: your questionnaire',
  locale: 'EN_US',
  status: 'PENDING',
  createdAt: '2026-04-06T09:00:00Z',
  sentAt: null,
};
const detailOf = (item: TDevMailboxItem): TDevMail => ({
  ...item,
  text: 'Guten Tag Jürgen,\n\nHier öffnen Sie Ihren Fragebogen:\nhttps://advice.example.com/q/abc123\n',
  html: '<!DOCTYPE html><html lang="de-DE"><head><title>x</title></head><body><p>Guten Tag <script>alert(1)</script></p></body></html>',
  messageId: `<${item.id}@advice.example.com>`,
  attempts: 1,
  lastError: null,
  file: `/data/mail/2026-04-03T08-30-00.000Z_${item.id}.eml`,
  headers: [
    { name: 'From', value: 'BQ Platform <no-reply@localhost>' },
    { name: 'Subject', value: item.subject },
  ],
});

const fetchMock = vi.fn<typeof fetch>();
let list: () => Response;

beforeAll(() => initTestI18n());

beforeEach(() => {
  list = () => jsonResponse({ mails: [reminder, invitation] });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/dev/mailbox') return list();
    for (const item of [invitation, reminder]) if (url === `/api/dev/mailbox/${item.id}`) return jsonResponse(detailOf(item));
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const text = (key: string) => enUsTexts[key]!;
const calls = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
const renderPage = (route = '/dev/mailbox') => renderWithProviders(<DevMailboxPage />, { route, path: '/dev/mailbox' });

describe('developer mailbox', () => {
  it('lists the mails newest first in a table with headers, and says it exists only in the embedded mode', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text('page.devMailbox.title'));
    expect(screen.getByText(text('devMailbox.lead'))).toBeInTheDocument();
    const table = await screen.findByTestId('dev-mailbox-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      text('devMailbox.column.createdAt'),
      text('devMailbox.column.to'),
      text('devMailbox.column.subject'),
      text('devMailbox.column.kind'),
      text('devMailbox.column.locale'),
      text('devMailbox.column.status'),
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(reminder.subject);
    expect(rows[0]).toHaveTextContent(text('devMailbox.kind.REMINDER'));
    expect(rows[0]).toHaveTextContent(text('devMailbox.status.PENDING'));
    expect(rows[1]).toHaveTextContent('04/03/2026 8:30 AM');
    expect(rows[1]).toHaveTextContent('Deutsch (Deutschland)');
    expect(screen.getByText(text('devMailbox.detail.none'))).toBeInTheDocument();
  });

  it('opens a mail from its subject button: text with clickable link, HTML in a sandboxed frame, headers', async () => {
    const { router } = renderPage();
    const row = await screen.findByTestId(`dev-mail-row-${invitation.id}`);
    const open = within(row).getByRole('button', { name: invitation.subject });
    open.focus();
    expect(open).toHaveFocus();
    fireEvent.click(open);
    const view = await screen.findByTestId('dev-mail-view');
    expect(router.state.location.search).toBe(`?mail=${invitation.id}`);
    expect(open).toHaveAttribute('aria-current', 'true');
    expect(within(view).getByRole('heading', { level: 2 })).toHaveTextContent(invitation.subject);
    expect(within(view).getByText(detailOf(invitation).file!)).toBeInTheDocument();
    const link = within(screen.getByTestId('dev-mail-text')).getByRole('link', { name: 'https://advice.example.com/q/abc123' });
    expect(link).toHaveAttribute('href', 'https://advice.example.com/q/abc123');
    expect(link).toHaveAttribute('target', '_blank');

    fireEvent.click(within(view).getByRole('tab', { name: text('devMailbox.detail.html') }));
    const frame = await screen.findByTestId('dev-mail-html');
    expect(frame).toHaveAttribute('title', text('devMailbox.detail.htmlFrame'));
    // No scripts and no same-origin access for the mail's HTML; its links open in a new tab.
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<head><base target="_blank">');

    fireEvent.click(within(view).getByRole('tab', { name: text('devMailbox.detail.headers') }));
    const headers = await screen.findByTestId('dev-mail-headers');
    expect(within(headers).getByRole('rowheader', { name: 'Subject' })).toBeInTheDocument();
    expect(headers).toHaveTextContent(invitation.subject);
  });

  it('opens the mail named in the address (?mail=), and refreshes list and mail', async () => {
    renderPage(`/dev/mailbox?mail=${reminder.id}`);
    expect(await screen.findByTestId('dev-mail-view')).toHaveTextContent(reminder.subject);
    const before = calls('/api/dev/mailbox').length;
    const beforeMail = calls(`/api/dev/mailbox/${reminder.id}`).length;
    fireEvent.click(screen.getByTestId('dev-mailbox-refresh'));
    await waitFor(() => expect(calls('/api/dev/mailbox').length).toBeGreaterThan(before));
    await waitFor(() => expect(calls(`/api/dev/mailbox/${reminder.id}`).length).toBeGreaterThan(beforeMail));
  });

  it('shows an empty state', async () => {
    list = () => jsonResponse({ mails: [] });
    renderPage();
    const empty = await screen.findByTestId('dev-mailbox-empty');
    expect(empty).toHaveTextContent(text('devMailbox.empty.title'));
    expect(screen.queryByTestId('dev-mailbox-table')).not.toBeInTheDocument();
  });

  it('says that the mailbox is off when the server answers 404', async () => {
    list = () => jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
    renderPage();
    expect(await screen.findByTestId('dev-mailbox-unavailable')).toHaveTextContent(text('devMailbox.unavailable.text'));
  });

  it('asks for a sign-in without one (401), with a link back here after it, and does not jump to the login by itself', async () => {
    list = () => jsonResponse({ errorKey: 'error.auth.unauthorized', message: 'x' }, 401);
    const { router } = renderPage(`/dev/mailbox?mail=${invitation.id}`);
    const notice = await screen.findByTestId('dev-mailbox-sign-in');
    expect(notice).toHaveTextContent(text('devMailbox.signIn.text'));
    expect(within(notice).getByRole('link', { name: text('devMailbox.signIn.button') })).toHaveAttribute(
      'href',
      `/login?redirectUrl=${encodeURIComponent(`/dev/mailbox?mail=${invitation.id}`)}`,
    );
    expect(router.state.location.pathname).toBe('/dev/mailbox');
    expect(screen.queryByTestId('dev-mailbox-table')).not.toBeInTheDocument();
  });

  it('tells another login that only the demo administrator reads it (403)', async () => {
    list = () => jsonResponse({ errorKey: 'error.auth.forbidden', message: 'x' }, 403);
    renderPage();
    expect(await screen.findByTestId('dev-mailbox-forbidden')).toHaveTextContent(text('devMailbox.forbidden.text'));
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    list = () => jsonResponse({ errorKey: 'error.general', message: 'x' }, 400);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text('devMailbox.loadFailed.title'));
    list = () => jsonResponse({ mails: [invitation] });
    fireEvent.click(within(alert).getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('dev-mailbox-table')).toBeInTheDocument();
  });
});
