// The client's portfolio against the suitable risk class (decision 0091): the same history, windows, drawdown and
// market-risk rules as the model portfolios of the risk dashboard (risk-section.ts), and a verdict that places the
// portfolio on the same 1-7 scale as the model portfolios. Pure: the caller loads the series and the risk result.
import type { TPortfolioCheck } from '@bq/contracts/portfolio';
import { MODEL_PORTFOLIOS, modelPortfolio, type AssetMix } from '@bq/scoring/model-portfolios';
import { portfolioHistory, WINDOW_YEARS, type PortfolioHistory } from '@bq/scoring/portfolio-windows';
import type { LoadedSeries } from '../market-history/market-history-service';
import { marketRiskOf } from '../results/risk-section';

/** The history a check needs: the series and its span. */
export type CheckSeries = Pick<LoadedSeries, 'series' | 'from' | 'to'>;

const day = (date: string) => date.slice(0, 10);
/** Two figures from the same mix are the same doubles; this only absorbs the last bit of a different summation order. */
const EPSILON = 1e-12;

/**
 * The risk figures the verdict compares, each "higher is safer": the worst annualised return over 1, 5 and 10
 * years and the largest drawdown (0 when the value never fell, or the history is shorter than a window).
 */
export function riskFigures(history: PortfolioHistory): number[] {
  return [...history.windows.map((w) => w.worst?.annualised ?? 0), history.maxDrawdown?.fall ?? 0];
}

/**
 * The lowest class whose model portfolio did at least as badly as the portfolio in every figure: for each figure
 * the first class at least as bad, then the highest of those. The model portfolios' figures never improve as the
 * class rises (model-portfolios.test.ts), so a model portfolio is its own class; a portfolio worse than class 7 in
 * some figure is class 7.
 */
export function portfolioClass(portfolio: readonly number[], models: readonly (readonly number[])[]): number {
  let cls = 1;
  portfolio.forEach((value, i) => {
    const first = models.findIndex((model) => model[i]! <= value + EPSILON);
    cls = Math.max(cls, first === -1 ? models.length : first + 1);
  });
  return cls;
}

/** The class of a mix on the model portfolios' scale (what the client list's filter stores with a portfolio). */
export function portfolioClassOfMix(loaded: CheckSeries, mix: AssetMix): number {
  const models = MODEL_PORTFOLIOS.map((m) => riskFigures(portfolioHistory(loaded.series, m, WINDOW_YEARS)));
  return portfolioClass(riskFigures(portfolioHistory(loaded.series, mix, WINDOW_YEARS)), models);
}

export function verdictOf(portfolioClassValue: number, suitableClass: number): TPortfolioCheck['verdict'] {
  if (portfolioClassValue > suitableClass) return 'ABOVE';
  return portfolioClassValue < suitableClass ? 'BELOW' : 'WITHIN';
}

/** A loss as a positive fraction; 0 when even the worst window gained. */
const lossOf = (annualised: number) => Math.max(0, -annualised);

export function checkPortfolio(loaded: CheckSeries, mix: AssetMix, suitableClass: number, resultToken: string): TPortfolioCheck {
  const own = portfolioHistory(loaded.series, mix, WINDOW_YEARS);
  const models = MODEL_PORTFOLIOS.map((m) => portfolioHistory(loaded.series, m, WINDOW_YEARS));
  const allowed = models[modelPortfolio(suitableClass).riskClass - 1]!;
  const cls = portfolioClass(riskFigures(own), models.map(riskFigures));
  const windows = own.windows.flatMap((w, i) => {
    const limit = allowed.windows[i]!;
    if (!w.worst || !w.best || !limit.worst) return [];
    const span = (x: { annualised: number; from: string; to: string }) => ({ annualised: x.annualised, from: day(x.from), to: day(x.to) });
    return [{ years: w.years, worst: span(w.worst), best: span(w.best), allowed: span(limit.worst) }];
  });
  const year = windows.find((w) => w.years === 1);
  if (!year) throw new RangeError('a portfolio check needs at least one year of history');
  const drawdown = own.maxDrawdown;
  return {
    verdict: verdictOf(cls, suitableClass),
    suitableClass,
    portfolioClass: cls,
    resultToken,
    history: { firstDate: day(loaded.from), lastDate: day(loaded.to), currency: 'USD', returnType: 'TOTAL_RETURN' },
    windows,
    maxDrawdown: drawdown
      ? { fall: drawdown.fall, peakDate: day(drawdown.peak), troughDate: day(drawdown.trough), recoveryDate: drawdown.recovery ? day(drawdown.recovery) : null }
      : null,
    allowedMaxDrawdown: allowed.maxDrawdown?.fall ?? null,
    marketRisk: marketRiskOf(loaded, mix),
    worstYear: {
      sinceYear: loaded.from.slice(0, 4),
      portfolioLoss: lossOf(year.worst.annualised),
      allowedLoss: lossOf(year.allowed.annualised),
      from: year.worst.from,
      to: year.worst.to,
    },
  };
}
