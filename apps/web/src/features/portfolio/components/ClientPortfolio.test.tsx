// The client page's "Current portfolio" section: the check in plain words (the adviser's verdict and the client's
// sentence), the mapping of other holdings, the empty and error states, and the form: refused weights at their
// field or under the weights without a call, a valid save sent as the contract's request, the server's 400 fields
// at the same inputs.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGetPortfolioResponse } from '@bq/contracts/portfolio';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { parseWeight } from '../portfolio-form';
import { ClientPortfolio } from './ClientPortfolio';

const URL = '/api/u/c1/portfolio';
const window = (annualised: number) => ({ annualised, from: '1931-06-01', to: '1932-06-01' });
const ANSWER: TGetPortfolioResponse = {
  clientToken: 'c1',
  portfolio: {
    asOf: '2026-11-30',
    createdAt: '2026-12-01T10:00:00Z',
    positions: [
      { assetClass: 'EQUITIES', weight: 90, amount: null, mappedTo: 'EQUITIES', share: 0.9 },
      { assetClass: 'REAL_ESTATE', weight: 10, amount: null, mappedTo: 'EQUITIES', share: 0.1 },
    ],
    mix: { equityShare: 1, bondShare: 0, cashShare: 0 },
  },
  check: {
    verdict: 'ABOVE',
    suitableClass: 3,
    portfolioClass: 7,
    resultToken: 'r1',
    history: { firstDate: '1871-01-01', lastDate: '2026-09-01', currency: 'USD', returnType: 'TOTAL_RETURN' },
    windows: [1, 5, 10].map((years) => ({ years, worst: window(-0.43), best: window(0.5), allowed: window(-0.2) })),
    maxDrawdown: { fall: -0.8, peakDate: '1929-09-01', troughDate: '1932-06-01', recoveryDate: '1936-01-01' },
    allowedMaxDrawdown: -0.3,
    marketRisk: null,
    worstYear: { sinceYear: '1871', portfolioLoss: 0.43, allowedLoss: 0.2, from: '1931-06-01', to: '1932-06-01' },
  },
  checkMissing: null,
  history: [
    { asOf: '2026-11-30', createdAt: '2026-12-01T10:00:00Z' },
    { asOf: '2026-06-30', createdAt: '2026-07-01T10:00:00Z' },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
let getAnswer: () => Response;
let putAnswer: () => Response;
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const text = (key: string) => enUsTexts[key]!;

beforeAll(() => initTestI18n());
beforeEach(() => {
  getAnswer = () => jsonResponse(ANSWER);
  putAnswer = () => jsonResponse(ANSWER);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== URL) return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
    return init?.method === 'PUT' ? putAnswer() : getAnswer();
  });
  vi.stubGlobal('fetch', fetchMock);
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the check in plain words', () => {
  it("shows the adviser's verdict, the client's sentence and how other holdings were counted", async () => {
    renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate={false} />);
    expect(await screen.findByTestId('portfolio-verdict')).toHaveTextContent(text('portfolio.check.verdict.ABOVE'));
    expect(screen.getByTestId('portfolio-verdict-text')).toHaveTextContent('riskier than suitable: it ranks in class 7, the suitable class is 3.');
    expect(screen.getByTestId('portfolio-client-sentence')).toHaveTextContent('In the worst 12 months since 1871 this portfolio lost 43%; your profile allows 20%.');
    expect(screen.getByTestId('portfolio-positions')).toHaveTextContent('Real estate: 10%, counted as Equities');
    expect(screen.getByTestId('portfolio-history')).toHaveTextContent('11/30/2026, 06/30/2026');
    // Without BQ_USER UPDATE there is no form.
    expect(screen.queryByTestId('portfolio-form')).not.toBeInTheDocument();
  });

  it('says when nothing was entered, why a check is missing, and offers a retry when loading failed', async () => {
    getAnswer = () => jsonResponse({ ...ANSWER, portfolio: null, check: null, history: [] });
    const { unmount } = renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate />);
    expect(await screen.findByTestId('portfolio-empty')).toHaveTextContent(text('portfolio.empty'));
    unmount();
    getAnswer = () => jsonResponse({ ...ANSWER, check: null, checkMissing: 'NO_RISK_RESULT' });
    const second = renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate />);
    expect(await screen.findByTestId('portfolio-check-missing')).toHaveTextContent(text('portfolio.checkMissing.NO_RISK_RESULT'));
    second.unmount();
    // A 4xx is not retried, so the error state shows at once.
    getAnswer = () => jsonResponse({ errorKey: 'error.auth.forbidden', message: 'x' }, 403);
    renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text('portfolio.loadFailed.title'));
  });
});

describe('the form', () => {
  it('refuses weights that do not add up to 100 and a negative weight without a call, then saves valid ones', async () => {
    renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate />);
    await screen.findByTestId('portfolio-form');
    // Starts from the saved shares.
    expect(screen.getByTestId('portfolio-weight-EQUITIES')).toHaveValue('100');
    type('portfolio-weight-EQUITIES', '50');
    type('portfolio-weight-BONDS', '30');
    fireEvent.click(screen.getByTestId('portfolio-save'));
    expect(await screen.findByText(text('ERROR_PORTFOLIO_WEIGHTS_SUM'))).toBeInTheDocument();
    type('portfolio-weight-CASH', '-10');
    fireEvent.click(screen.getByTestId('portfolio-save'));
    expect(await screen.findByText(text('ERROR_PORTFOLIO_NEGATIVE'))).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-weight-CASH')).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);

    type('portfolio-weight-CASH', '20');
    type('portfolio-as-of', '2026-12-01');
    expect(screen.getByTestId('portfolio-total')).toHaveTextContent('Total: 100%');
    fireEvent.click(screen.getByTestId('portfolio-save'));
    await waitFor(() =>
      expect(puts()).toEqual([
        {
          asOf: '2026-12-01',
          positions: [
            { assetClass: 'EQUITIES', weight: 50 },
            { assetClass: 'BONDS', weight: 30 },
            { assetClass: 'CASH', weight: 20 },
          ],
        },
      ]),
    );
    expect(await screen.findByText(text('portfolio.form.saved'))).toBeInTheDocument();
  });

  it("shows the server's 400 fields at the inputs they name", async () => {
    putAnswer = () => jsonResponse({ errorKey: 'error.validation', message: 'x', fields: [{ path: 'body.positions.1.weight', errorKey: 'error.portfolio.negative' }] }, 400);
    renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate />);
    await screen.findByTestId('portfolio-form');
    fireEvent.click(screen.getByTestId('portfolio-save'));
    await waitFor(() => expect(screen.getByTestId('portfolio-weight-BONDS')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(text('ERROR_PORTFOLIO_NEGATIVE'))).toBeInTheDocument();
  });

  it('saves the holdings of a CSV as of the form\'s date, and names a row it cannot read', async () => {
    const { container } = renderWithProviders(<ClientPortfolio clientToken="c1" canUpdate />);
    await screen.findByTestId('portfolio-form');
    type('portfolio-as-of', '2026-12-01');
    const file = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(file, { target: { files: [new File(['assetClass;amount\nCRYPTO;5'], 'bad.csv', { type: 'text/csv' })] } });
    expect(await screen.findByTestId('portfolio-csv-problem')).toHaveTextContent('Row 1: “CRYPTO” is not an asset class this check knows.');
    fireEvent.change(file, { target: { files: [new File(['assetClass;amount\nEQUITIES;30000\nMONEY_MARKET;10000'], 'holdings.csv', { type: 'text/csv' })] } });
    await waitFor(() =>
      expect(puts()).toEqual([{ asOf: '2026-12-01', positions: [{ assetClass: 'EQUITIES', amount: 30000 }, { assetClass: 'MONEY_MARKET', amount: 10000 }] }]),
    );
  });

  it('reads German and English decimals alike', () => {
    expect([parseWeight('12,5'), parseWeight('12.5 %'), parseWeight(''), parseWeight('abc')]).toEqual([12.5, 12.5, 0, Number.NaN]);
  });
});
