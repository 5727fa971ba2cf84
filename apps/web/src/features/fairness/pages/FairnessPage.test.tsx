// Selection > Fairness: the report for the product, narrowed to a campaign the account chose; the settings of what
// candidates are asked only for those who may change them; a notice without the permission. Out of the box (issue 37
// point 9): it asks for no basis (the server opens on what there is data for), names what it counts with proper
// plurals in English and German, and says what is missing when the basis counts nobody.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import { initI18nWith } from '../../../lib/i18n';
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
  available: { candidates: 0, decided: 0, fit: 0, stanine: 0 }, basisChosen: true,
};
let answer: TAdverseImpactReport = REPORT;
const fetchMock = vi.fn<typeof fetch>();
const reportCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/fairness/BQ_SELECTION/adverse-impact'));

beforeAll(() => initTestI18n());
afterAll(() => initTestI18n());
beforeEach(() => {
  answer = REPORT;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/fairness/BQ_SELECTION/adverse-impact')) return jsonResponse(answer);
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

describe('out of the box', () => {
  const SCORED = { candidates: 14, decided: 0, fit: 0, stanine: 14 };

  it('asks for no basis, so the server opens on the one with data', async () => {
    render('READ');
    await screen.findByTestId('fairness-assessed');
    expect(reportCalls()[0]).not.toContain('basis=');
  });

  it('with results and no decisions, says exactly what is missing, with the counts, and offers the score', async () => {
    answer = { ...REPORT, basis: 'decision', basisChosen: false, assessed: 0, available: SCORED };
    render('READ');
    expect(await screen.findByTestId('fairness-assessed')).toHaveTextContent(/^0 decisions recorded · 14 candidates with results$/);
    expect(screen.getByTestId('fairness-empty')).toHaveTextContent(
      'No decisions recorded yet: 14 candidates have results; record decisions, or view the report by score.',
    );
    fireEvent.click(screen.getByTestId('fairness-view-by-score'));
    await waitFor(() => expect(reportCalls().some((u) => u.includes('basis=stanine') && u.includes('threshold=5'))).toBe(true));
  });

  it('names the unit it counts and says one, not "1 people"', async () => {
    answer = { ...REPORT, basis: 'stanine', threshold: 5, basisChosen: true, assessed: 1, median: 5, available: { candidates: 1, decided: 0, fit: 0, stanine: 1 } };
    render('READ');
    expect(await screen.findByTestId('fairness-assessed')).toHaveTextContent(/^1 candidate with stanines · Median score of the sample: 5\.0$/);
    expect(screen.getByTestId('fairness-basis-chosen')).toHaveTextContent(enUsTexts['fairness.chosen.score']!);
    expect(screen.queryByText(/\b1 people/)).toBeNull();
  });

  it('in German: counts, plurals and what is missing', async () => {
    await initI18nWith('DE_DE', deBqui as Record<string, string>);
    answer = { ...REPORT, basis: 'decision', basisChosen: false, assessed: 0, available: { candidates: 1, decided: 0, fit: 0, stanine: 1 } };
    const first = render('READ');
    expect(await screen.findByTestId('fairness-assessed')).toHaveTextContent(/^0 Entscheidungen erfasst · 1 Kandidat mit Ergebnis$/);
    expect(screen.getByTestId('fairness-empty')).toHaveTextContent(
      'Noch keine Entscheidungen erfasst: 1 Kandidat hat ein Ergebnis. Erfassen Sie Entscheidungen oder zeigen Sie den Bericht nach Punktwert.',
    );
    first.unmount();
    answer = { ...REPORT, basis: 'decision', basisChosen: true, assessed: 1, available: { candidates: 14, decided: 1, fit: 0, stanine: 14 } };
    render('READ');
    expect(await screen.findByTestId('fairness-assessed')).toHaveTextContent(/^1 Entscheidung erfasst · 14 Kandidaten mit Ergebnissen$/);
    expect(screen.queryByTestId('fairness-empty')).toBeNull();
  });
});
