import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isReliableChange, reliableChange, reliableChangeIndex } from './reliable-change';

describe('reliable change (Jacobson-Truax)', () => {
  /*
   * T scale (sd 10), reliability 0.8: SEM = 10 * sqrt(0.2) = 4.47214, S_diff = sqrt(2) * SEM = 6.32456.
   * 45 -> 58: RCI = 13 / 6.32456 = 2.0555 > 1.96 -> reliable.  45 -> 55: RCI = 10 / 6.32456 = 1.5811 -> not.
   */
  it('counts a 13-point T change at r = 0.8 as real, a 10-point one not', () => {
    const up = reliableChange(45, 58, 10, 0.8);
    expect(up.sDiff).toBeCloseTo(6.324555, 6);
    expect(up.rci).toBeCloseTo(2.05548, 5);
    expect(up).toMatchObject({ difference: 13, reliable: true, direction: 'up' });
    const small = reliableChange(45, 55, 10, 0.8);
    expect(small.rci).toBeCloseTo(1.581139, 5);
    expect(small).toMatchObject({ reliable: false, direction: 'unchanged' });
    expect(reliableChange(58, 45, 10, 0.8)).toMatchObject({ reliable: true, direction: 'down' });
  });

  it('gives the same RCI on the raw scale with the norm sd (units cancel)', () => {
    // Raw 2.5 -> 3.15 with sd 0.5 is the same change as T 45 -> 58.
    expect(reliableChange(2.5, 3.15, 0.5, 0.8).rci).toBeCloseTo(reliableChange(45, 58, 10, 0.8).rci, 10);
  });

  it('needs |RCI| strictly above 1.96', () => {
    expect(isReliableChange(1.96)).toBe(false);
    expect(isReliableChange(-1.961)).toBe(true);
    expect(() => reliableChangeIndex(1, 2, 0)).toThrow(RangeError);
  });
});

describe('reliable change properties', () => {
  const score = fc.double({ min: -1000, max: 1000, noNaN: true });
  const sem = fc.double({ min: 0.01, max: 100, noNaN: true });

  it('is antisymmetric: swapping the two measurements flips the sign and keeps the verdict', () => {
    fc.assert(
      fc.property(score, score, sem, (a, b, s) => {
        const forward = reliableChangeIndex(a, b, s);
        const back = reliableChangeIndex(b, a, s);
        expect(forward + back).toBeCloseTo(0, 9);
        expect(isReliableChange(forward)).toBe(isReliableChange(back));
      }),
    );
  });

  it('does not depend on the unit of the scale (scores and SEM scaled alike)', () => {
    fc.assert(
      fc.property(score, score, sem, fc.double({ min: 0.1, max: 100, noNaN: true }), (a, b, s, k) => {
        expect(reliableChangeIndex(a * k, b * k, s * k)).toBeCloseTo(reliableChangeIndex(a, b, s), 6);
      }),
    );
  });

  it('calls no change real that is within 1.96 * sqrt(2) * SEM, and every larger one real', () => {
    fc.assert(
      fc.property(score, score, sem, (a, b, s) => {
        const change = reliableChange(a, b, s / Math.sqrt(1 - 0.8), 0.8);
        const limit = 1.96 * Math.SQRT2 * s;
        if (Math.abs(b - a) < limit * 0.999) expect(change.reliable).toBe(false);
        if (Math.abs(b - a) > limit * 1.001) expect(change.reliable).toBe(true);
        if (!change.reliable) expect(change.direction).toBe('unchanged');
      }),
    );
  });
});
