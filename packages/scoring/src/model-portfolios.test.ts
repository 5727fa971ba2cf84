import { describe, expect, it } from 'vitest';
import { riskHistoryFromCsv } from './market-history';
import { assertMix, MODEL_PORTFOLIOS, modelPortfolio } from './model-portfolios';
import { portfolioHistory, type PortfolioHistory } from './portfolio-windows';
import { priipsMarketRisk, PRIIPS_MONTHLY_OBSERVATIONS } from './priips';
import { portfolioReturns } from './portfolio-windows';
import { readShillerCsv } from './shiller-test-data';

/** How deep the worst window goes: its loss a year, 0 when even the worst window gained. */
const depth = (history: PortfolioHistory, years: number) =>
  Math.max(0, -history.windows.find((w) => w.years === years)!.worst!.annualised);

describe('the seven model portfolios', () => {
  it('are valid mixes, rising in equity share from class 1 (mostly cash-like) to class 7 (all equities)', () => {
    expect(MODEL_PORTFOLIOS.map((p) => p.riskClass)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const p of MODEL_PORTFOLIOS) expect(() => assertMix(p)).not.toThrow();
    const equity = MODEL_PORTFOLIOS.map((p) => p.equityShare);
    for (let i = 1; i < equity.length; i++) expect(equity[i]).toBeGreaterThan(equity[i - 1]!);
    expect(modelPortfolio(1)).toMatchObject({ equityShare: 0, cashShare: 0.8 });
    expect(modelPortfolio(7)).toMatchObject({ equityShare: 1, bondShare: 0, cashShare: 0 });
    expect(() => modelPortfolio(0)).toThrow(RangeError);
  });
});

describe('ordered by risk over the real history (read from ../shared/data, the import gap policy)', () => {
  const { series } = riskHistoryFromCsv(readShillerCsv());
  const nominal = MODEL_PORTFOLIOS.map((p) => portfolioHistory(series, p));
  const real = MODEL_PORTFOLIOS.map((p) => portfolioHistory(series, p, [1, 5, 10], 'real'));

  /** Each figure of class k + 1 is at least that of class k: risk never falls as the class rises. */
  const expectNeverFalls = (figures: number[], what: string) => {
    for (let k = 1; k < figures.length; k++) {
      expect(figures[k], `${what}: class ${k + 1} vs class ${k}`).toBeGreaterThanOrEqual(figures[k - 1]!);
    }
  };

  it('volatility never falls as the class rises (nominal and real)', () => {
    expectNeverFalls(nominal.map((h) => h.volatility), 'volatility');
    expectNeverFalls(real.map((h) => h.volatility), 'real volatility');
  });

  it.each([1, 5, 10])('the loss in the worst %i-year window never gets smaller as the class rises', (years) => {
    expectNeverFalls(nominal.map((h) => depth(h, years)), `worst ${years}-year loss`);
  });

  it('the worst year is worse with every class (all of them lose), in dollars and in real terms', () => {
    const worstYear = nominal.map((h) => h.windows[0]!.worst!.annualised);
    expect(worstYear.every((r) => r < 0)).toBe(true);
    expectNeverFalls(worstYear.map((r) => -r), 'worst year');
    expectNeverFalls(real.map((h) => -h.windows[0]!.worst!.annualised), 'worst real year');
  });

  it('the largest drawdown (every month) never gets smaller as the class rises, nominal and real', () => {
    expectNeverFalls(nominal.map((h) => -h.maxDrawdown!.fall), 'drawdown');
    expectNeverFalls(real.map((h) => -h.maxDrawdown!.fall), 'real drawdown');
  });

  it('no longer lets class 1 lose more than classes 2 and 3 in its worst windows (the all-bond class 1 did)', () => {
    const allBonds = portfolioHistory(series, { equityShare: 0, bondShare: 1, cashShare: 0 });
    // The old class 1 lost 17.5 % in its worst year (2021-2022) and 1.1 % a year over its worst 5 years.
    expect(depth(allBonds, 1)).toBeGreaterThan(depth(nominal[1]!, 1));
    expect(depth(allBonds, 5)).toBeGreaterThan(depth(nominal[1]!, 5));
    expect(depth(nominal[0]!, 1)).toBeLessThan(0.05);
    expect(depth(nominal[0]!, 5)).toBe(0);
    expect(depth(nominal[0]!, 10)).toBe(0);
  });

  it('PRIIPs market-risk classes of the last five years never fall as the class rises', () => {
    const mrm = MODEL_PORTFOLIOS.map(
      (p) =>
        priipsMarketRisk(portfolioReturns(series, p).slice(-PRIIPS_MONTHLY_OBSERVATIONS), {
          holdingYears: 5,
          periodsPerYear: 12,
        }).mrm,
    );
    expectNeverFalls(mrm, 'MRM');
    expect(mrm[0]).toBeLessThanOrEqual(2);
    expect(mrm[6]).toBeGreaterThanOrEqual(4);
  });
});
