import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANONYMITY_K_DEFAULT, ANONYMITY_K_MIN, meetsAnonymityFloor } from './anonymity';

describe('k-anonymity floor', () => {
  it('shows an aggregate over 5 people by default, not over 4', () => {
    expect(ANONYMITY_K_DEFAULT).toBe(5);
    expect(meetsAnonymityFloor(5)).toBe(true);
    expect(meetsAnonymityFloor(4)).toBe(false);
  });

  it('never goes below 3, whatever k the account sets', () => {
    expect(meetsAnonymityFloor(2, 1)).toBe(false);
    expect(meetsAnonymityFloor(3, 0)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -10, max: 50 }), (count, k) => {
        const shown = meetsAnonymityFloor(count, k);
        if (count < ANONYMITY_K_MIN) expect(shown).toBe(false);
        expect(shown).toBe(count >= Math.max(ANONYMITY_K_MIN, k));
      }),
    );
  });
});
