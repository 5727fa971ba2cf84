import { describe, expect, it } from 'vitest';
import { adverseImpact, fisherExactTwoSided, median } from './adverse-impact';

describe("Fisher's exact test, two-sided", () => {
  it('matches published values (R fisher.test)', () => {
    // R: fisher.test(matrix(c(3,1,1,3),2))$p.value = 0.4857143 (the tea-tasting table).
    expect(fisherExactTwoSided(3, 4, 1, 4)).toBeCloseTo(0.4857142857, 9);
    // R: fisher.test(matrix(c(1,9,11,3),2))$p.value = 0.002759456
    expect(fisherExactTwoSided(1, 12, 9, 12)).toBeCloseTo(0.002759456, 8);
    expect(fisherExactTwoSided(0, 5, 0, 5)).toBe(1);
  });

  it('refuses impossible tables', () => {
    expect(() => fisherExactTwoSided(6, 5, 0, 5)).toThrow(RangeError);
  });
});

describe('adverse impact', () => {
  it('compares each group with the highest rate and flags below four fifths', () => {
    const [a, b] = adverseImpact([
      { key: 'A', assessed: 40, selected: 20 },
      { key: 'B', assessed: 50, selected: 15 },
    ]);
    expect(a).toMatchObject({ isReference: true, impactRatio: 1, fourFifthsFlag: false, fisherP: null });
    expect(b!.impactRatio).toBeCloseTo(0.6, 12);
    expect(b!.fourFifthsFlag).toBe(true);
    expect(b!.smallSample).toBe(false);
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
