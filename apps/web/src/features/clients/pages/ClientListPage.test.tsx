import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TClientListItem, TClientListResponse, TResourceLimit } from '@bq/contracts/clients';
import type { TUser } from '@bq/contracts/user';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { adviser, instanceOf, listItemOf, reader } from '../test-data';
import { ClientListPage } from './ClientListPage';

const fetchMock = vi.fn<typeof fetch>();
let participants: (params: URLSearchParams) => Response | Promise<Response>;
let limit: TResourceLimit;

const page = (items: TClientListItem[], total = items.length, totalIsLowerBound = false, mailProblems: TClientListResponse['mailProblems'] = null) =>
  jsonResponse({ items, total, totalIsLowerBound, page: 1, pageSize: 20, mailProblems });

const anna = listItemOf({
  token: 'c1',
  firstName: 'Anna',
  lastName: 'Müller',
  group: 'ESTABLISHED',
  lastInstance: instanceOf({ status: 'RESULTS_AVAILABLE', expirationStatus: 'EXPIRE_THIS_MONTH' }),
  latestResult: { token: 'r1', finishedAt: '2026-04-03T09:00:00Z', lockStatus: 'LOCKED' },
});
const bert = listItemOf({
  token: 'c2',
  firstName: 'Bert',
  lastName: 'Adler',
  email: 'bert@example.com',
  createdAt: '2026-01-05T12:00:00Z',
  lastInstance: null,
});

beforeAll(() => initTestI18n());

beforeEach(() => {
  participants = () => page([anna, bert], 42);
  limit = { limit: null, used: 2, available: true };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/participants') return participants(url.searchParams);
    if (url.pathname.includes('/resource_limit/BQ_USER_COUNT/')) return jsonResponse(limit);
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;

/** The query string of every GET /api/participants so far. */
const listQueries = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/participants')
    .map((url) => url.searchParams);

function renderList(route = '/product/BQ_RISK', user: TUser = adviser) {
  return renderWithProviders(<ClientListPage />, {
    route,
    path: '/product/:productName',
    queryClient: queryClientWithUser(user),
  });
}

describe('client list', () => {
  it('says "more than" when a broad search stopped counting its matches', async () => {
    participants = () => page([anna, bert], 1000, true);
    renderList('/product/BQ_RISK?q=ma');
    await screen.findByTestId('client-list-table');
    expect(screen.getByTestId('client-list-range')).toHaveTextContent(
      '1–20 of more than 1,000: refine the search to narrow it down',
    );
  });

  it('shows one page of clients from the server, each name linking to the client view', async () => {
    renderList();
    const table = await screen.findByTestId('client-list-table');
    const annaRow = within(table).getByTestId('client-row-c1');
    expect(within(annaRow).getByRole('link', { name: 'Müller, Anna' })).toHaveAttribute(
      'href',
      '/BQ_RISK/client/c1',
    );
    expect(annaRow).toHaveTextContent('anna.mueller@example.com');
    // Each value under its own header: the address sits in the name's cell, the group under "Group".
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    const cells = within(annaRow).getAllByRole('cell');
    expect(cells).toHaveLength(headers.length);
    expect(cells[headers.indexOf(text('clients.list.column.name'))]).toHaveTextContent('anna.mueller@example.com');
    expect(cells[headers.indexOf(text('clients.list.column.group'))]).toHaveTextContent(text('clientGroup.ESTABLISHED'));
    expect(cells[headers.indexOf(text('clients.list.column.created'))]).toHaveTextContent('03/14/2026');
    expect(annaRow).toHaveTextContent(text('clientGroup.ESTABLISHED'));
    expect(annaRow).toHaveTextContent(text('interactionStatus.RESULTS_AVAILABLE'));
    expect(annaRow).toHaveTextContent(text('expirationStatus.EXPIRE_THIS_MONTH'));
    expect(annaRow).toHaveTextContent('03/14/2026');
    const bertRow = within(table).getByTestId('client-row-c2');
    expect(bertRow).toHaveTextContent('Adler, Bert');
    expect(bertRow).toHaveTextContent(text('clients.list.noInteraction'));
    expect(screen.getByTestId('client-list-range')).toHaveTextContent('1–20 of 42');
    // One click to the latest result's dashboard; Bert has none yet.
    const result = within(annaRow).getByRole('link', {
      name: 'Open the result of Müller, Anna from 04/03/2026 (locked: unlocking costs 1 credit)',
    });
    expect(result).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/r1');
    expect(result).toHaveTextContent('Result of 04/03/2026');
    expect(within(bertRow).queryByTestId('client-row-result')).not.toBeInTheDocument();

    const query = listQueries()[0]!;
    expect(Object.fromEntries(query)).toEqual({
      productConfigurationId: RISK_CONFIGURATION_ID,
      status: 'ACTIVE',
      sort: 'lastActivity',
      order: 'desc',
      page: '1',
      pageSize: '20',
    });
  });

  it('offers "Add to comparison" only for a finished, unlocked result', async () => {
    const carl = listItemOf({
      token: 'c3',
      firstName: 'Carl',
      lastName: 'Berg',
      lastInstance: instanceOf({ status: 'RESULTS_AVAILABLE', lockStatus: 'UNLOCKED' }),
      latestResult: { token: 'r3', finishedAt: '2026-04-03T09:00:00Z', lockStatus: 'UNLOCKED' },
    });
    participants = () => page([anna, carl]);
    const comparer: TUser = {
      ...adviser,
      permissions: [...adviser.permissions, { realm: 'BQ_RISK', entity: 'INDIVIDUAL_COMPARISON', action: 'READ' }],
    };
    renderList('/product/BQ_RISK', comparer);
    const table = await screen.findByTestId('client-list-table');
    expect(within(within(table).getByTestId('client-row-c3')).getByTestId('add-to-comparison')).toBeInTheDocument();
    expect(within(within(table).getByTestId('client-row-c1')).queryByTestId('add-to-comparison')).toBeNull();
  });

  it("shows each latest invitation's real state, and warns above the list when mail has not left", async () => {
    const reason = 'connect ECONNREFUSED 127.0.0.1:4499';
    const sent = listItemOf({
      token: 'c4',
      firstName: 'Dora',
      lastName: 'Sent',
      lastInstance: instanceOf({ status: 'NEW', invitationMail: { state: 'SENT', queuedAt: '2026-04-03T08:30:00Z', sentAt: '2026-04-03T08:31:00Z', reason: null, attempts: 1 } }),
    });
    const waiting = listItemOf({
      token: 'c5',
      firstName: 'Emil',
      lastName: 'Waiting',
      lastInstance: instanceOf({ status: 'NEW', invitationMail: { state: 'DEFERRED', queuedAt: '2026-04-03T09:00:00Z', sentAt: null, reason, attempts: 3 } }),
    });
    participants = () => page([sent, waiting]);
    renderList();
    const table = await screen.findByTestId('client-list-table');
    const waitingState = within(within(table).getByTestId('client-row-c5')).getByTestId('client-row-invitation-mail');
    expect(waitingState).toHaveTextContent(text('mailDelivery.short.DEFERRED'));
    expect(within(within(table).getByTestId('client-row-c4')).getByTestId('client-row-invitation-mail')).toHaveTextContent('Invitation sent 04/03/2026');
    const notice = screen.getByTestId('client-list-mail-problem');
    expect(notice).toHaveTextContent(text('mailDelivery.notice.title'));
    expect(notice).toHaveTextContent(text('mailDelivery.notice.text_one').replace('{{reason}}', reason));
    // On a phone the card says it as well.
    expect(within(screen.getByTestId('client-card-c5')).getByTestId('client-card-invitation-mail')).toHaveAttribute('data-state', 'DEFERRED');
  });

  it("tells of stuck mail on other pages: the product's count beside the page's, or alone with the newest error", async () => {
    const reason = '451 4.7.1 Greylisted, try again later';
    const waiting = listItemOf({
      token: 'c5',
      lastInstance: instanceOf({ status: 'NEW', invitationMail: { state: 'DEFERRED', queuedAt: '2026-04-03T09:00:00Z', sentAt: null, reason, attempts: 3 } }),
    });
    participants = () => page([anna, waiting], 2, false, { clients: 4, newestReason: reason, newestAt: '2026-04-03T09:00:00Z' });
    const first = renderList();
    const notice = await screen.findByTestId('client-list-mail-problem');
    expect(notice).toHaveTextContent(text('mailDelivery.notice.text_one').replace('{{reason}}', reason));
    expect(screen.getByTestId('client-list-mail-problem-all')).toHaveTextContent('In all, 4 clients of this product are affected');
    first.unmount();

    participants = () => page([anna], 1, false, { clients: 2, newestReason: reason, newestAt: '2026-04-03T09:00:00Z' });
    renderList();
    const elsewhere = await screen.findByTestId('client-list-mail-problem');
    expect(elsewhere).toHaveTextContent(
      text('mailDelivery.notice.otherPages_other').replace('{{count}}', '2').replace('{{reason}}', reason),
    );
  });

  it('has no mail notice while every latest mail has left or waits its first turn', async () => {
    const queued = listItemOf({
      token: 'c6',
      lastInstance: instanceOf({ status: 'NEW', invitationMail: { state: 'QUEUED', queuedAt: '2026-04-03T09:00:00Z', sentAt: null, reason: null, attempts: 0 } }),
    });
    participants = () => page([anna, queued]);
    renderList();
    const table = await screen.findByTestId('client-list-table');
    expect(within(within(table).getByTestId('client-row-c6')).getByTestId('client-row-invitation-mail')).toHaveTextContent(text('mailDelivery.short.QUEUED'));
    expect(screen.queryByTestId('client-list-mail-problem')).toBeNull();
  });

  it('shows each client on a phone as a card with status and result, not as a table that scrolls sideways', async () => {
    renderList();
    const card = await screen.findByTestId('client-card-c1');
    expect(card).toHaveTextContent(text('interactionStatus.RESULTS_AVAILABLE'));
    expect(within(card).getByTestId('client-card-result')).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/r1');
    // The table is the larger screens' layout; the cards are the phone's (hidden from "sm" up).
    expect(screen.getByTestId('client-list-table').closest('[class*="visible-from"], .mantine-visible-from-sm')).not.toBeNull();
  });

  it("opens a client's latest result in one click, not the client view", async () => {
    const { router } = renderList();
    const link = await screen.findByTestId('client-row-result');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1/dashboard/r1'));
  });

  it('puts filter, sort and page changes into the URL and asks the server for them', async () => {
    const { router } = renderList();
    await screen.findByTestId('client-list-table');
    const search = () => new URLSearchParams(router.state.location.search);

    fireEvent.click(screen.getByRole('radio', { name: text('clientGroup.PROSPECT') }));
    await waitFor(() => expect(search().get('group')).toBe('PROSPECT'));
    fireEvent.change(screen.getByLabelText(text('clients.list.filter.status')), {
      target: { value: 'INACTIVE' },
    });
    fireEvent.change(screen.getByLabelText(text('clients.list.filter.interactionStatus')), {
      target: { value: 'OPENED' },
    });
    fireEvent.change(screen.getByLabelText(text('clients.list.sort.label')), { target: { value: 'name' } });
    fireEvent.click(screen.getByTestId('client-sort-order'));
    await waitFor(() => expect(search().get('order')).toBe('asc'));
    expect(Object.fromEntries(search())).toEqual({
      group: 'PROSPECT',
      status: 'INACTIVE',
      interactionStatus: 'OPENED',
      sort: 'name',
      order: 'asc',
    });
    await waitFor(() =>
      expect(Object.fromEntries(listQueries().at(-1)!)).toMatchObject({
        group: 'PROSPECT',
        status: 'INACTIVE',
        interactionStatus: 'OPENED',
        sort: 'name',
        order: 'asc',
      }),
    );

    fireEvent.click(
      screen.getByRole('button', { name: text('clients.list.pageItem').replace('{{page}}', '2') }),
    );
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(listQueries().at(-1)!.get('page')).toBe('2'));
    fireEvent.change(screen.getByLabelText(text('clients.list.pageSize')), { target: { value: '50' } });
    await waitFor(() => expect(search().get('pageSize')).toBe('50'));
    // A new page size starts again at the first page.
    expect(search().get('page')).toBeNull();
  });

  it('filters an advisory product\'s list to portfolios above the profile, through the URL and the server', async () => {
    const { router } = renderList();
    await screen.findByTestId('client-list-table');
    fireEvent.click(screen.getByLabelText(text('clients.list.filter.portfolioAboveProfile')));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('portfolioAboveProfile')).toBe('true'));
    await waitFor(() => expect(listQueries().at(-1)!.get('portfolioAboveProfile')).toBe('true'));
  });

  it('keeps the rows at full contrast while the next page loads, and says that it is updating', async () => {
    renderList();
    const table = await screen.findByTestId('client-list-table');
    let answerNextPage: (response: Response) => void = () => undefined;
    participants = () => new Promise<Response>((resolve) => (answerNextPage = resolve));
    fireEvent.click(
      screen.getByRole('button', { name: text('clients.list.pageItem').replace('{{page}}', '2') }),
    );
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('client-list-updating')).toHaveTextContent(text('clients.list.updating'));
    // Dimmed rows fail the contrast rule (axe measured them): the old rows stay as they were.
    expect(within(table).getByTestId('client-row-c1')).toBeVisible();
    expect(table.style.opacity).toBe('');

    answerNextPage(page([bert], 42));
    await waitFor(() => expect(within(table).queryByTestId('client-row-c1')).toBeNull());
    expect(table).not.toHaveAttribute('aria-busy');
    expect(screen.getByTestId('client-list-updating')).toHaveTextContent('');
  });

   it('searches after a pause in typing', async () => {
    const { router } = renderList();
    await screen.findByTestId('client-list-table');
    fireEvent.change(screen.getByLabelText(text('clients.list.search.label')), { target: { value: 'mül' } });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBeNull();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('mül'));
    await waitFor(() => expect(listQueries().at(-1)!.get('q')).toBe('mül'));
  });

  it('starts from the query in the URL', async () => {
    renderList('/product/BQ_RISK?group=ESTABLISHED&page=2&q=anna');
    await screen.findByTestId('client-list-table');
    expect(Object.fromEntries(listQueries()[0]!)).toMatchObject({
      group: 'ESTABLISHED',
      page: '2',
      q: 'anna',
    });
    expect(screen.getByRole('radio', { name: text('clientGroup.ESTABLISHED') })).toBeChecked();
    expect(screen.getByLabelText(text('clients.list.search.label'))).toHaveValue('anna');
  });

  it('says when there are no clients at all, with a way to create one', async () => {
    participants = () => page([]);
    renderList();
    const empty = await screen.findByTestId('client-list-empty');
    expect(empty).toHaveTextContent(text('clients.empty.title'));
    expect(within(empty).getByRole('link', { name: text('clients.create') })).toHaveAttribute(
      'href',
      '/BQ_RISK/client',
    );
    expect(screen.queryByTestId('client-list-no-match')).not.toBeInTheDocument();
  });

  it('says when filters exclude every client, and resets them', async () => {
    participants = (params) => (params.get('q') ? page([]) : page([anna, bert]));
    const { router } = renderList('/product/BQ_RISK?q=nobody&group=PROSPECT&sort=name');
    const noMatch = await screen.findByTestId('client-list-no-match');
    expect(noMatch).toHaveTextContent(text('clients.noMatch.title'));
    expect(screen.queryByTestId('client-list-empty')).not.toBeInTheDocument();

    fireEvent.click(within(noMatch).getByRole('button', { name: text('clients.noMatch.reset') }));
    expect(await screen.findByTestId('client-list-table')).toBeInTheDocument();
    // The sort stays; search and filters go.
    expect(router.state.location.search).toBe('?sort=name');
    expect(screen.getByLabelText(text('clients.list.search.label'))).toHaveValue('');
  });

  it('tells "no active clients" apart from "no clients"', async () => {
    participants = (params) => (params.get('status') === 'ALL' ? page([bert]) : page([]));
    const { router } = renderList();
    const noActive = await screen.findByTestId('client-list-no-active');
    fireEvent.click(within(noActive).getByRole('button', { name: text('clients.noActive.showAll') }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=ALL'));
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    participants = () =>
      fail ? jsonResponse({ errorKey: 'error.general', message: 'x' }, 500) : page([anna]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderList();
    expect(await screen.findByText(text('clients.list.loadFailed.title'))).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('client-row-c1')).toBeInTheDocument();
  });

  it('hides "Create client" from users who may not create clients', async () => {
    renderList('/product/BQ_RISK', reader);
    await screen.findByTestId('client-list-table');
    expect(screen.queryByTestId('create-client-button')).not.toBeInTheDocument();
  });

  it('disables "Create client" with the reason when the client limit is used up', async () => {
    limit = { limit: 2, used: 2, available: false };
    renderList();
    const notice = await screen.findByTestId('client-limit-notice');
    expect(notice).toHaveTextContent(text('clients.limit.reached').replace('{{limit}}', '2'));
    const button = screen.getByTestId('create-client-button');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(notice.textContent ?? '');
  });
});
