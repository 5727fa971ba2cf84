import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@bq/contracts/user';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/query-keys';
import { userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { MarketHistoryStatus } from '../api/get-market-history';
import { MarketHistorySettingsPage } from './MarketHistorySettingsPage';

const admin = userOf({
  email: 'admin@demo.example',
  firstName: 'Ada',
  lastName: 'Admin',
  initials: 'AA',
  permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
  products: [],
  currentProduct: null,
  creditBalance: 0,
});
const adviser: TUser = { ...admin, permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }] };
const operator: TUser = { ...admin, platformOperator: true };

const imported: MarketHistoryStatus = {
  imported: true,
  source: 'ie_data.csv',
  rowCount: 1845,
  firstDate: '1871-01',
  lastDate: '2024-09',
  lastCompleteDate: '2024-06',
  importedAt: '2026-04-02T10:00:00Z',
  sha256: 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
  gaps: [],
};
const empty: MarketHistoryStatus = {
  imported: false,
  source: null,
  rowCount: 0,
  firstDate: null,
  lastDate: null,
  lastCompleteDate: null,
  importedAt: null,
  sha256: null,
  gaps: [],
};

const fetchMock = vi.fn<typeof fetch>();
let status: MarketHistoryStatus;
let postResponse: () => Response;

beforeAll(() => initTestI18n());

beforeEach(() => {
  status = imported;
  postResponse = () => jsonResponse({ ...imported, source: 'new.csv', rowCount: 1850 });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/admin/market-history'))
      return init?.method === 'POST' ? postResponse() : jsonResponse(status);
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

function renderPage(user: TUser = operator) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  return renderWithProviders(<MarketHistorySettingsPage />, {
    route: '/settings/market-history',
    queryClient,
  });
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('market history settings page', () => {
  it('shows the imported status', async () => {
    renderPage();
    const card = await screen.findByTestId('market-history-status');
    expect(card).toHaveTextContent('ie_data.csv');
    expect(card).toHaveTextContent('1,845 months');
    expect(card).toHaveTextContent('1871-01 – 2024-09');
    expect(card).toHaveTextContent('Windows use data up to 2024-06.');
    expect(card).toHaveTextContent('abcdef012345');
    expect(card).not.toHaveTextContent(imported.sha256!);
    expect(screen.getByTestId('market-history-page')).toBeInTheDocument();
  });

  it('says when nothing is imported', async () => {
    status = empty;
    renderPage();
    expect(await screen.findByTestId('market-history-empty')).toHaveTextContent(
      text('marketHistory.empty.text'),
    );
    expect(screen.queryByTestId('market-history-status')).not.toBeInTheDocument();
  });

  it('uploads the chosen file as text/csv, confirms and shows the new status', async () => {
    renderPage();
    await screen.findByTestId('market-history-status');
    const csv = 'Date,SP500,Dividend\n1871.01,4.44,0.26\n';
    chooseFile(new File([csv], 'new.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByTestId('market-history-import'));

    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0]!;
    expect(String(url)).toBe('/api/admin/market-history?source=new.csv');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'text/csv' });
    expect(init?.body).toBe(csv);
    expect(await screen.findByText('Market history imported: 1850 months.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('market-history-status')).toHaveTextContent('new.csv'));
  });

  it('shows the translated server error when the file is refused', async () => {
    postResponse = () =>
      jsonResponse({ errorKey: 'error.market_history.invalid_file', message: 'Not a Shiller CSV' }, 400);
    renderPage();
    await screen.findByTestId('market-history-status');
    chooseFile(new File(['nonsense'], 'bad.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByTestId('market-history-import'));
    const message = await screen.findByText(text('ERROR_MARKET_HISTORY_INVALID_FILE'));
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByTestId('market-history-status')).toHaveTextContent('ie_data.csv');
  });

  it('refuses a file over 5 MB without sending it', async () => {
    renderPage();
    await screen.findByTestId('market-history-status');
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    chooseFile(big);
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('market-history-import'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts()).toHaveLength(0);
  });

  it('shows an account admin the status but no upload: the history is shared, only the platform operator replaces it', async () => {
    renderPage(admin);
    expect(await screen.findByTestId('market-history-status')).toHaveTextContent('ie_data.csv');
    expect(screen.getByTestId('market-history-operator-only')).toHaveTextContent(text('marketHistory.operatorOnly.text'));
    expect(screen.queryByTestId('market-history-import')).not.toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('shows a notice instead of the page to a non-admin and asks the server nothing', () => {
    renderPage(adviser);
    expect(screen.getByTestId('market-history-forbidden')).toHaveTextContent(
      text('marketHistory.forbidden.text'),
    );
    expect(screen.queryByTestId('market-history-page')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the notice when the server refuses with 403', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ errorKey: 'error.auth.forbidden', message: 'Forbidden' }, 403),
    );
    renderPage();
    expect(await screen.findByTestId('market-history-forbidden')).toBeInTheDocument();
  });
});
