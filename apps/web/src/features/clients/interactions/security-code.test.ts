import { describe, expect, it } from 'vitest';
import { matchesSecurityCode, newSecurityCode } from './security-code';

describe('delete security code', () => {
  it('is four digits', () => {
    for (let i = 0; i < 200; i += 1) expect(newSecurityCode()).toMatch(/^[1-9]\d{3}$/);
  });

  it('matches only the same digits, forgiving surrounding spaces', () => {
    expect(matchesSecurityCode(' 4821 ', '4821')).toBe(true);
    expect(matchesSecurityCode('4812', '4821')).toBe(false);
    expect(matchesSecurityCode('482', '4821')).toBe(false);
    expect(matchesSecurityCode('', '4821')).toBe(false);
  });
});
