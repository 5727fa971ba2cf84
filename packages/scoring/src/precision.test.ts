import { describe, expect, it } from 'vitest';
import { forComparison, roundTo } from './precision';

describe('forComparison', () => {
  it('removes binary noise so a z that is 0.25 on paper compares as 0.25', () => {
    const z = (1.7 - 1.5) / 0.8; // 0.24999999999999994 in binary
    expect(z).toBeLessThan(0.25);
    expect(forComparison(z)).toBe(0.25);
    expect(forComparison(0.1 + 0.2)).toBe(0.3);
  });
  it('keeps real differences', () => {
    expect(forComparison(2.749999)).toBeLessThan(2.75);
  });
});

describe('roundTo', () => {
  it.each([
    [62.35, 1, 62.4],
    [-62.35, 1, -62.4],
    [1.005, 2, 1.01],
    [62.34, 1, 62.3],
    [0.05, 1, 0.1],
  ])('rounds %p to %p decimals as %p (halves away from zero)', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });
});
