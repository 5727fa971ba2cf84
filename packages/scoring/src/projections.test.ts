import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASSUMPTIONS,
  portfolioLogParameters,
  projectPortfolio,
  type CapitalMarketAssumptions,
} from './projections';

describe('projectPortfolio', () => {
  /*
   * All equities, mu = 7 %, sigma = 16 %:
   *   s^2 = ln(1 + 0.16^2 / 1.07^2) = ln(1.0223600) = 0.0221137, s = 0.1487068
   *   m = ln(1.07) - s^2 / 2 = 0.0676586 - 0.0110569 = 0.0566018
   *   median = e^m - 1 = 5.823 %; 1 year: 5th = exp(m - 1.644854 * s) - 1 = -17.138 %, 95th = +35.148 %
   *   10 years: 5th = exp(m - 1.644854 * s / sqrt(10)) - 1 = -2.053 %
   */
  it('gives lognormal percentiles of the annualised return (hand computed for all equities)', () => {
    const { m, s } = portfolioLogParameters(1);
    expect(s).toBeCloseTo(0.1487068, 6);
    expect(m).toBeCloseTo(0.0566018, 6);
    const projection = projectPortfolio(1);
    expect(projection.kind).toBe('projection');
    expect(projection.assumptions.source).toBe('assumptions');
    const [one, five, ten] = projection.horizons;
    expect(one).toEqual({
      years: 1,
      p5: expect.closeTo(-0.171385, 5),
      p50: expect.closeTo(0.058234, 5),
      p95: expect.closeTo(0.351483, 5),
    });
    expect(ten!.p5).toBeCloseTo(-0.020534, 5);
    expect(five!.p50).toBe(one!.p50);
  });

  it('mixes the assets with their correlation', () => {
    // 50/50: mu = 5.25 %, var = 0.08^2 + 0.03^2 + 2 * 0.25 * 0.1 * 0.16 * 0.06 = 0.0064 + 0.0009 + 0.00048 = 0.00778.
    const { s } = portfolioLogParameters(0.5);
    expect(s * s).toBeCloseTo(Math.log(1 + 0.00778 / 1.0525 ** 2), 12);
    const uncorrelated: CapitalMarketAssumptions = { ...DEFAULT_ASSUMPTIONS, correlation: 0 };
    expect(portfolioLogParameters(0.5, uncorrelated).s).toBeLessThan(s);
  });

  it('narrows the range with the horizon and widens it with the equity share', () => {
    for (const p of [0, 0.4, 1].map((share) => projectPortfolio(share))) {
      const [one, five, ten] = p.horizons;
      expect(one!.p5).toBeLessThan(one!.p50);
      expect(one!.p50).toBeLessThan(one!.p95);
      expect(ten!.p95 - ten!.p5).toBeLessThan(five!.p95 - five!.p5);
      expect(five!.p95 - five!.p5).toBeLessThan(one!.p95 - one!.p5);
    }
    expect(projectPortfolio(1).horizons[0]!.p5).toBeLessThan(projectPortfolio(0.25).horizons[0]!.p5);
    expect(() => projectPortfolio(-0.1)).toThrow(RangeError);
  });
});
