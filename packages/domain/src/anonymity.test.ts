import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANONYMITY_K_DEFAULT, ANONYMITY_K_MIN, meetsAnonymityFloor } from './anonymity';

describe('meetsAnonymityFloor', () => {
  it('shows five or more people under the default floor of five, and hides four', () => {
    expect(ANONYMITY_K_DEFAULT).toBe(5);
    expect(meetsAnonymityFloor(5)).toBe(true);
    expect(meetsAnonymityFloor(4)).toBe(false);
    expect(meetsAnonymityFloor(0)).toBe(false);
  });

  it('never lets an account lower the floor below three', () => {
    expect(ANONYMITY_K_MIN).toBe(3);
    expect(meetsAnonymityFloor(2, 1)).toBe(false);
    expect(meetsAnonymityFloor(2, -10)).toBe(false);
    expect(meetsAnonymityFloor(3, 0)).toBe(true);
  });

  it('honours a raised floor and truncates a fractional k', () => {
    expect(meetsAnonymityFloor(9, 10)).toBe(false);
    expect(meetsAnonymityFloor(10, 10)).toBe(true);
    expect(meetsAnonymityFloor(6, 6.9)).toBe(true);
  });

  it('never shows fewer than three people, whatever k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: -1000, max: 1000 }), (count, k) => !meetsAnonymityFloor(count, k)),
    );
  });

  it('is monotone: more people never hide an aggregate, a higher k never shows one', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.integer({ min: -10, max: 200 }), (a, b, k) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (meetsAnonymityFloor(low, k)) expect(meetsAnonymityFloor(high, k)).toBe(true);
        if (!meetsAnonymityFloor(a, k)) expect(meetsAnonymityFloor(a, k + 1)).toBe(false);
      }),
    );
  });

  it('shows exactly the counts at or above max(3, trunc(k))', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.double({ min: -50, max: 300, noNaN: true }), (count, k) => {
        expect(meetsAnonymityFloor(count, k)).toBe(count >= Math.max(3, Math.trunc(k)));
      }),
    );
  });
});
