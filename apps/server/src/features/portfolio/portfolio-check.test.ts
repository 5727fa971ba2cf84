// The portfolio check's pure parts on the real history (../shared/data): positions to a mix, the class on the model
// portfolios' 1-7 scale, the verdict, and the client's sentence figures.
import { describe, expect, it } from 'vitest';
import { riskHistoryFromCsv } from '@bq/scoring/market-history';
import { MODEL_PORTFOLIOS } from '@bq/scoring/model-portfolios';
import { portfolioHistory } from '@bq/scoring/portfolio-windows';
import { readShillerCsv } from '@bq/scoring/shiller-test-data';
import { checkPortfolio, portfolioClass, verdictOf } from './portfolio-check';
import { portfolioMix } from './portfolio-mix';

const computed = riskHistoryFromCsv(readShillerCsv());
const loaded = { series: computed.series, from: computed.history.from, to: computed.history.to };

describe('portfolioMix', () => {
  it('turns weights into shares and maps other holdings to their modelled class', () => {
    const { mix, positions } = portfolioMix([
      { assetClass: 'EQUITIES', weight: 50 },
      { assetClass: 'REAL_ESTATE', weight: 10 },
      { assetClass: 'GOVERNMENT_BONDS', weight: 30 },
      { assetClass: 'MONEY_MARKET', weight: 10 },
    ]);
    expect(mix.equityShare).toBeCloseTo(0.6, 12);
    expect(mix.bondShare).toBeCloseTo(0.3, 12);
    expect(mix.cashShare).toBeCloseTo(0.1, 12);
    expect(mix.equityShare + mix.bondShare + mix.cashShare).toBe(1);
    expect(positions.map((p) => p.mappedTo)).toEqual(['EQUITIES', 'EQUITIES', 'BONDS', 'CASH']);
  });

  it('turns amounts into shares of their total, and weights that add up to 99.99 into shares of their sum', () => {
    expect(portfolioMix([{ assetClass: 'EQUITIES', amount: 30_000 }, { assetClass: 'CASH', amount: 10_000 }]).mix).toEqual({ equityShare: 0.75, bondShare: 0, cashShare: 0.25 });
    const thirds = portfolioMix(['EQUITIES', 'BONDS', 'CASH'].map((assetClass) => ({ assetClass: assetClass as 'EQUITIES', weight: 33.33 }))).mix;
    expect(thirds.equityShare + thirds.bondShare + thirds.cashShare).toBe(1);
    expect(thirds.equityShare).toBeCloseTo(1 / 3, 12);
  });
});

describe('portfolioClass and verdictOf', () => {
  const models = [[-0.05, -0.1], [-0.1, -0.2], [-0.3, -0.5]];
  it('is the lowest class at least as bad in every figure', () => {
    expect(portfolioClass([-0.01, -0.01], models)).toBe(1);
    expect(portfolioClass([-0.05, -0.15], models)).toBe(2);
    expect(portfolioClass([-0.2, -0.1], models)).toBe(3);
    expect(portfolioClass([-0.9, -0.1], models)).toBe(3);
  });
  it('says within, above or below', () => {
    expect(verdictOf(4, 4)).toBe('WITHIN');
    expect(verdictOf(5, 4)).toBe('ABOVE');
    expect(verdictOf(2, 4)).toBe('BELOW');
  });
});

describe('checkPortfolio on the real history', () => {
  it('puts each model portfolio in its own class', () => {
    for (const model of MODEL_PORTFOLIOS) expect(checkPortfolio(loaded, model, model.riskClass, 'r').verdict, `class ${model.riskClass}`).toBe('WITHIN');
  });

  it('finds all equities above a class 3 profile, with the worst 12 months of both in the client sentence', () => {
    const check = checkPortfolio(loaded, { equityShare: 1, bondShare: 0, cashShare: 0 }, 3, 'r');
    const equities = portfolioHistory(computed.series, MODEL_PORTFOLIOS[6]!);
    const class3 = portfolioHistory(computed.series, MODEL_PORTFOLIOS[2]!);
    expect(check).toMatchObject({ verdict: 'ABOVE', suitableClass: 3, portfolioClass: 7 });
    expect(check.worstYear.portfolioLoss).toBeCloseTo(-equities.windows[0]!.worst!.annualised, 12);
    expect(check.worstYear.allowedLoss).toBeCloseTo(-class3.windows[0]!.worst!.annualised, 12);
    // The great crash: all equities lost more than half in their worst 12 months; class 3 far less.
    expect(check.worstYear.portfolioLoss).toBeGreaterThan(0.5);
    expect(check.worstYear.allowedLoss).toBeLessThan(0.25);
    expect(check.worstYear.sinceYear).toBe(computed.history.from.slice(0, 4));
    expect(check.windows.map((w) => w.years)).toEqual([1, 5, 10]);
    expect(check.maxDrawdown!.fall).toBeCloseTo(equities.maxDrawdown!.fall, 12);
    expect(check.allowedMaxDrawdown).toBeCloseTo(class3.maxDrawdown!.fall, 12);
    expect(check.marketRisk?.mrm).toBeGreaterThanOrEqual(1);
  });

  it('finds a mostly cash portfolio below a class 5 profile, and a mix between two classes in the higher one', () => {
    expect(checkPortfolio(loaded, { equityShare: 0, bondShare: 0.2, cashShare: 0.8 }, 5, 'r')).toMatchObject({ verdict: 'BELOW', portfolioClass: 1 });
    // 50 % equities lies between class 4 (40 %) and class 5 (60 %): it is class 5.
    const between = checkPortfolio(loaded, { equityShare: 0.5, bondShare: 0.5, cashShare: 0 }, 5, 'r');
    expect(between).toMatchObject({ verdict: 'WITHIN', portfolioClass: 5 });
    expect(checkPortfolio(loaded, { equityShare: 0.5, bondShare: 0.5, cashShare: 0 }, 4, 'r').verdict).toBe('ABOVE');
  });
});
