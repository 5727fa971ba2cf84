// On a risk result's dashboard, the client's current portfolio beside the model portfolio: its date and mix, the
// verdict against this result's class and the client's sentence.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TResultPortfolioCheck } from '@bq/contracts/portfolio';
import { initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { ResultPortfolioCheck } from './ResultPortfolioCheck';

const span = (annualised: number) => ({ annualised, from: '1931-06-01', to: '1932-06-01' });
const STORED: TResultPortfolioCheck = {
  asOf: '2026-11-30',
  mix: { equityShare: 0.1, bondShare: 0.4, cashShare: 0.5 },
  positions: [],
  computedAt: '2026-12-01T10:00:00Z',
  check: {
    verdict: 'BELOW',
    suitableClass: 5,
    portfolioClass: 2,
    resultToken: 'r1',
    history: { firstDate: '1871-01-01', lastDate: '2023-06-01', currency: 'USD', returnType: 'TOTAL_RETURN' },
    windows: [{ years: 1, worst: span(-0.079), best: span(0.2), allowed: span(-0.422) }],
    maxDrawdown: null,
    allowedMaxDrawdown: -0.61,
    marketRisk: null,
    worstYear: { sinceYear: '1871', portfolioLoss: 0.079, allowedLoss: 0.422, from: '2021-10-01', to: '2022-10-01' },
  },
};

beforeAll(() => initTestI18n());

describe('the portfolio check on a result', () => {
  it('shows the date, the mix, the verdict and the client sentence', async () => {
    renderWithProviders(<ResultPortfolioCheck portfolioCheck={STORED} />);
    expect(await screen.findByTestId('result-portfolio-check')).toHaveTextContent('Portfolio as of 11/30/2026');
    expect(screen.getByText('Equities 10%, bonds 40%, cash 50%')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-verdict-text')).toHaveTextContent('less risky than the profile allows: it ranks in class 2, the suitable class is 5.');
    expect(screen.getByTestId('portfolio-client-sentence')).toHaveTextContent('In the worst 12 months since 1871 this portfolio lost 8%; your profile allows 42%.');
  });
});
