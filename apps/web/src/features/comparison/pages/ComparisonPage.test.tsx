import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TClientComparison } from '@bq/contracts/comparison';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { addToComparison, clearComparison } from '../../../lib/comparison-store';
import { ComparisonPage } from './ComparisonPage';

const fetchMock = vi.fn<typeof fetch>();
const text = (key: string) => enUsTexts[key]!;
const admin = userOf({ permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }] });

/** What the server answers: the tokens in the asked order, the first as reference. */
function comparisonOf(tokens: string[]): TClientComparison {
  const names: Record<string, string> = { a: 'Anna Roth', b: 'Ben Roth' };
  const dims = [
    { key: 'tolerance', name: 'Risk tolerance' },
    { key: 'capacity', name: 'Capacity for loss' },
  ];
  return {
    productType: 'BQ_RISK',
    maxClients: 10,
    dimensions: dims,
    clients: tokens.map((token, i) => ({
      token,
      displayName: names[token]!,
      initials: 'XR',
      anonymize: false,
      lastCompleteInteractionToken: `i-${token}`,
      dashboardResults: { name: 'Risk profile', date: '2026-11-16' },
      instanceDimensions: dims,
      dimensionGraph: [
        { key: 'tolerance', value: token === 'a' ? 60 : 45 },
        { key: 'capacity', value: 50 },
      ],
      similarity: i === 0 ? null : 72,
      shape: i === 0 ? null : 60,
      level: i === 0 ? null : 84,
      drivers:
        i === 0
          ? []
          : [
              { key: 'capacity', difference: 0, levelShare: 0, sameDirection: true },
              { key: 'tolerance', difference: 15, levelShare: 100, sameDirection: false },
            ],
    })),
  };
}

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/comparison')
      return jsonResponse(comparisonOf(url.searchParams.getAll('clientToken')));
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => clearComparison('BQ_RISK'));

const renderPage = (user = admin) =>
  renderWithProviders(<ComparisonPage />, {
    route: '/BQ_RISK/comparison',
    path: '/:productName/comparison',
    queryClient: queryClientWithUser(user),
  });

describe('comparison page', () => {
  it('asks for at least two clients', async () => {
    addToComparison('BQ_RISK', { token: 'a', name: 'Anna Roth' });
    renderPage();
    expect(await screen.findByTestId('comparison-empty')).toHaveTextContent(text('comparison.empty.title'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the reference without similarity, the other with it and its drivers; a swap asks again in the new order', async () => {
    addToComparison('BQ_RISK', { token: 'a', name: 'Anna Roth' });
    addToComparison('BQ_RISK', { token: 'b', name: 'Ben Roth' });
    renderPage();
    const rows = await screen.findAllByTestId('comparison-client-row');
    expect(within(rows[0]!).getByTestId('comparison-similarity')).toHaveTextContent(
      text('comparison.clients.reference'),
    );
    expect(within(rows[1]!).getByTestId('comparison-similarity')).toHaveTextContent('72 of 100');
    expect(screen.getByTestId('comparison-driver-summary')).toHaveTextContent(
      'Risk tolerance (100% of the distance)',
    );
    expect(screen.getByTestId('comparison-profile-table')).toHaveTextContent('Ben Roth');

    fireEvent.click(within(rows[1]!).getByTestId('comparison-swap'));
    await waitFor(() =>
      expect(screen.getAllByTestId('comparison-client-row')[0]).toHaveTextContent('Ben Roth'),
    );
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(last.searchParams.getAll('clientToken')).toEqual(['b', 'a']);
  });

  it('takes an unselected client out of the chart table', async () => {
    addToComparison('BQ_RISK', { token: 'a', name: 'Anna Roth' });
    addToComparison('BQ_RISK', { token: 'b', name: 'Ben Roth' });
    renderPage();
    const box = await screen.findByRole('checkbox', { name: 'Show Ben Roth in the chart' });
    fireEvent.click(box);
    await waitFor(() =>
      expect(screen.getByTestId('comparison-profile-table')).not.toHaveTextContent('Ben Roth'),
    );
  });

  it('shows a notice without INDIVIDUAL_COMPARISON', async () => {
    renderPage(userOf({ permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'ALL' }] }));
    expect(await screen.findByTestId('comparison-no-permission')).toHaveTextContent(
      text('comparison.noPermission.title'),
    );
  });
});
