// Selection > Fairness: the report for the product, narrowed to a campaign the account chose; the settings of what
// candidates are asked only for those who may change them; a notice without the permission.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdverseImpactReport } from '@bq/contracts/fairness';
import type { TProductConfiguration } from '@bq/contracts/user';
import { queryClientWithUser, riskProduct, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { FairnessPage } from './FairnessPage';

const SELECTION: TProductConfiguration = { ...riskProduct, id: 'cfg-selection', productType: 'BQ_SELECTION' };
const CAMPAIGN = { id: '7d0c3a52-6f0e-4a51-9a43-0d5c9a1b2c3d', name: 'Hiring spring 2026' };
const REPORT: TAdverseImpactReport = {
  productType: 'BQ_SELECTION', basis: 'decision', threshold: null, campaignId: null, profileId: null, from: null, to: null,
  generatedAt: '2026-11-28T10:00:00.000Z', k: 5, assessed: 0, median: null, tables: [],
} as unknown as TAdverseImpactReport;
const fetchMock = vi.fn<typeof fetch>();
const reportCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/fairness/BQ_SELECTION/adverse-impact'));

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/fairness/BQ_SELECTION/adverse-impact')) return jsonResponse(REPORT);
    if (url.startsWith('/api/admin/repeated_measurement')) return jsonResponse([{ ...CAMPAIGN, productConfigurationId: SELECTION.id, productType: 'BQ_SELECTION' }]);
    if (url === '/api/product/BQ_SELECTION/weightProfiles') return jsonResponse({ profiles: [] });
    if (url === '/api/fairness/self-identification/settings') return jsonResponse({ categories: [] });
    return jsonResponse({ errorKey: 'error.not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const render = (action: 'READ' | 'ALL' | null) =>
  renderWithProviders(<FairnessPage />, {
    route: '/BQ_SELECTION/fairness',
    path: '/:productName/fairness',
    queryClient: queryClientWithUser(
      userOf({ products: [SELECTION], currentProduct: SELECTION, permissions: action ? [{ realm: 'BQ_SELECTION', entity: 'FAIRNESS_REPORT', action }] : [] }),
    ),
  });

describe('Selection > Fairness', () => {
  it('narrows the report to the campaign chosen', async () => {
    render('READ');
    await screen.findByTestId('fairness-assessed');
    fireEvent.click((await screen.findAllByLabelText(enUsTexts['fairness.filter.campaign']!))[0]!);
    fireEvent.click(await screen.findByRole('option', { name: CAMPAIGN.name }));
    await waitFor(() => expect(reportCalls().some((u) => u.includes(`campaignId=${CAMPAIGN.id}`))).toBe(true));
    // Reading the report is not changing what candidates are asked.
    expect(screen.queryByTestId('self-id-settings')).not.toBeInTheDocument();
  });

  it('shows what candidates are asked to those who may change it', async () => {
    render('ALL');
    expect(await screen.findByTestId('self-id-settings')).toBeInTheDocument();
  });

  it('says which permission is missing and asks for no report', async () => {
    render(null);
    expect(await screen.findByTestId('fairness-no-permission')).toBeInTheDocument();
    expect(reportCalls()).toHaveLength(0);
  });
});
