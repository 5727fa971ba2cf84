import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MRM_BANDS, mrmClass, priipsMarketRisk } from './priips';

describe('PRIIPs MRM class bands (Annex II point 2: 0.5 / 5 / 12 / 20 / 30 / 80 %)', () => {
  it.each([
    [0, 1],
    [0.004999, 1],
    [0.005, 2],
    [0.0499, 2],
    [0.05, 3],
    [0.1199, 3],
    [0.12, 4],
    [0.1999, 4],
    [0.2, 5],
    [0.3, 6],
    [0.7999, 6],
    [0.8, 7],
    [2, 7],
  ])('VEV %f is class %i (each band includes its lower bound)', (vev, mrm) => {
    expect(mrmClass(vev)).toBe(mrm);
  });
  it('has the six bounds of the regulation', () => expect([...MRM_BANDS]).toEqual([0.005, 0.05, 0.12, 0.2, 0.3, 0.8]));
});

describe('priipsMarketRisk (Category 2, Cornish-Fisher)', () => {
  it('gives the annualised volatility for symmetric returns without excess kurtosis (hand computed)', () => {
    /*
     * Log returns alternating +a, -a (a = 0.04): mean 0, sigma = 0.04, skew 0, kurtosis m4 / sigma^4 = 1 -> excess -2.
     * T = 1, N = 12: VaR = 0.04 * sqrt(12) * (-1.96 - 0.0687 * (-2) / 12) - 0.5 * 0.0016 * 12
     *   = 0.1385641 * (-1.94855) - 0.0096 = -0.2699991 - 0.0096 = -0.2795991
     * VEV = sqrt(3.842 + 0.5591982) - 1.96 = sqrt(4.4011982) - 1.96 = 2.0979033 - 1.96 = 0.1379033 -> class 4.
     */
    const returns = Array.from({ length: 60 }, (_, i) => Math.exp(i % 2 === 0 ? 0.04 : -0.04) - 1);
    const measure = priipsMarketRisk(returns, { holdingYears: 1, periodsPerYear: 12 });
    expect(measure.sigma).toBeCloseTo(0.04, 12);
    expect(measure.skew).toBeCloseTo(0, 12);
    expect(measure.excessKurtosis).toBeCloseTo(-2, 12);
    expect(measure.varReturnSpace).toBeCloseTo(-0.2795991, 6);
    expect(measure.vev).toBeCloseTo(0.1379033, 6);
    expect(measure.mrm).toBe(4);
  });

  it('equals sigma * sqrt(periods a year) when skew and excess kurtosis are zero (algebra of the formula)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.2, noNaN: true }), fc.integer({ min: 1, max: 10 }), (sigma, years) => {
        // With mu1 = mu2 = 0: VaR = -1.96 s sqrt(N) - 0.5 s^2 N, so 3.842 - 2 VaR = (1.96 + s sqrt(N))^2.
        const n = 12 * years;
        const varRs = -1.96 * sigma * Math.sqrt(n) - 0.5 * sigma ** 2 * n;
        const vev = (Math.sqrt(3.842 - 2 * varRs) - 1.96) / Math.sqrt(years);
        expect(vev).toBeCloseTo(sigma * Math.sqrt(12), 3);
      }),
    );
  });

  it('raises the VEV for left-skewed returns (crash risk) above the plain volatility', () => {
    const calm = Array.from({ length: 59 }, (_, i) => (i % 2 === 0 ? 0.02 : -0.01));
    const crash = [...calm, -0.3];
    const measure = priipsMarketRisk(crash, { holdingYears: 5, periodsPerYear: 12 });
    expect(measure.skew).toBeLessThan(0);
    expect(measure.vev).toBeGreaterThan(measure.sigma * Math.sqrt(12));
  });

  it('refuses too few returns and returns of -100 % or less', () => {
    expect(() => priipsMarketRisk([0.01], { holdingYears: 1, periodsPerYear: 12 })).toThrow(RangeError);
    expect(() => priipsMarketRisk([0.01, -1], { holdingYears: 1, periodsPerYear: 12 })).toThrow(RangeError);
  });
});
