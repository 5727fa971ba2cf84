import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, Z_95 } from './normal-distribution';

describe('normalCdf', () => {
  it('gives the textbook table values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1)).toBeCloseTo(0.1587, 4);
    expect(normalCdf(Z_95)).toBeCloseTo(0.95, 12);
  });

  // References from 0.5 * erfc(-z / sqrt(2)) in double precision (Python's math.erfc).
  it.each([
    [1.96, 0.9750021048517795],
    [-1, 0.15865525393145707],
    [1, 0.8413447460685429],
    [-3, 0.0013498980316300957],
    [0.25, 0.5987063256829237],
    [-1.75, 0.04005915686381709],
    [-5, 2.866515718791946e-7],
    [-8.5, 9.479534822203355e-18],
  ])('Phi(%p) matches erfc to double precision', (z, expected) => {
    expect(Math.abs(normalCdf(z) - expected)).toBeLessThan(1e-15);
    // In the tails the relative error matters (a percentile of 0.0001 % must not read 0.0002 %).
    expect(Math.abs(normalCdf(z) / expected - 1)).toBeLessThan(1e-8);
  });

  it('has the limits 0 and 1 far out, and NaN for NaN', () => {
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(Number.NaN)).toBeNaN();
  });

  it('is symmetric and non-decreasing (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (z, step) => {
          expect(normalCdf(z) + normalCdf(-z)).toBeCloseTo(1, 14);
          expect(normalCdf(z + step)).toBeGreaterThanOrEqual(normalCdf(z));
        },
      ),
    );
  });
});
