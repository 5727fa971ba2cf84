import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_STRENGTH,
  checkPassword,
  type PasswordHint,
} from './password-policy';

const only = (...hints: PasswordHint[]) => ({
  length: hints.includes('length'),
  upper: hints.includes('upper'),
  lower: hints.includes('lower'),
  digit: hints.includes('digit'),
  symbol: hints.includes('symbol'),
});

describe('constants', () => {
  it('are the values of decision 0003', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(PASSWORD_MIN_STRENGTH).toBe(3);
  });
});

describe('checkPassword: hints per class', () => {
  it('lists the hints in display order', () => {
    expect(Object.keys(checkPassword('x').hints)).toEqual(['length', 'upper', 'lower', 'digit', 'symbol']);
  });

  it('reports nothing for an empty password', () => {
    expect(checkPassword('')).toEqual({ hints: only(), strength: 0, acceptable: false });
  });

  it.each<[string, PasswordHint]>([
    ['A', 'upper'],
    ['Z', 'upper'],
    ['Ä', 'upper'],
    ['Ö', 'upper'],
    ['É', 'upper'],
    ['Ł', 'upper'],
    ['Ж', 'upper'],
    ['Ω', 'upper'],
    ['ẞ', 'upper'],
    ['a', 'lower'],
    ['z', 'lower'],
    ['ä', 'lower'],
    ['ß', 'lower'],
    ['é', 'lower'],
    ['ж', 'lower'],
    ['ω', 'lower'],
    ['0', 'digit'],
    ['9', 'digit'],
    ['٣', 'digit'],
    ['!', 'symbol'],
    ['-', 'symbol'],
    ['_', 'symbol'],
    [' ', 'symbol'],
    ['€', 'symbol'],
    ['😀', 'symbol'],
    ['²', 'symbol'],
  ])('%j counts as %s only', (char, hint) => {
    const check = checkPassword(char);
    expect(check.hints).toEqual(only(hint));
    expect(check.strength).toBe(1);
  });

  it('counts caseless letters (e.g. CJK) as no class at all', () => {
    expect(checkPassword('漢').hints).toEqual(only());
  });
});

describe('checkPassword: length boundaries', () => {
  // Each length is filled with the same mixed pattern so only the length hint changes.
  const ofLength = (n: number) => 'aA1!'.repeat(Math.ceil(n / 4)).slice(0, n);

  it.each<[number, boolean]>([
    [0, false],
    [1, false],
    [PASSWORD_MIN_LENGTH - 1, false],
    [PASSWORD_MIN_LENGTH, true],
    [PASSWORD_MIN_LENGTH + 1, true],
    [PASSWORD_MAX_LENGTH - 1, true],
    [PASSWORD_MAX_LENGTH, true],
    [PASSWORD_MAX_LENGTH + 1, false],
    [1000, false],
  ])('%i characters: length hint %s', (n, ok) => {
    const check = checkPassword(ofLength(n));
    expect(check.hints.length).toBe(ok);
    if (n >= 4) expect(check.acceptable).toBe(ok);
  });

  it('is exactly 11 / 12 / 128 / 129', () => {
    expect(checkPassword(ofLength(11)).acceptable).toBe(false);
    expect(checkPassword(ofLength(12)).acceptable).toBe(true);
    expect(checkPassword(ofLength(128)).acceptable).toBe(true);
    expect(checkPassword(ofLength(129)).acceptable).toBe(false);
  });

  it('counts characters, not UTF-16 code units', () => {
    // 11 emoji are 22 code units but only 11 characters.
    const elevenEmoji = '😀'.repeat(11);
    expect(elevenEmoji.length).toBe(22);
    expect(checkPassword(elevenEmoji).hints.length).toBe(false);
    expect(checkPassword('Aa1' + '😀'.repeat(9)).hints.length).toBe(true);
    expect(checkPassword('😀'.repeat(128)).hints.length).toBe(true);
    expect(checkPassword('😀'.repeat(129)).hints.length).toBe(false);
  });
});

describe('checkPassword: strength', () => {
  it.each<[string, number, boolean]>([
    ['aaaaaaaaaaaa', 1, false],
    ['AAAAAAAAAAAA', 1, false],
    ['111111111111', 1, false],
    ['!!!!!!!!!!!!', 1, false],
    ['aaaaaaAAAAAA', 2, false],
    ['aaaaaa111111', 2, false],
    ['aaaaaa!!!!!!', 2, false],
    ['AAAAAA111111', 2, false],
    ['aaaaAAAA1111', 3, true],
    ['aaaaAAAA!!!!', 3, true],
    ['aaaa1111!!!!', 3, true],
    ['AAAA1111!!!!', 3, true],
    ['aaaAAA111!!!', 4, true],
    ['äöüÄÖÜ123456', 3, true],
    ['correct horse battery', 2, false],
    ['Correct horse battery', 3, true],
  ])('%j has strength %i (acceptable: %s)', (password, strength, acceptable) => {
    const check = checkPassword(password);
    expect(check.strength).toBe(strength);
    expect(check.acceptable).toBe(acceptable);
  });

  it('does not accept a strong password that is too short', () => {
    expect(checkPassword('aA1!')).toEqual({
      hints: only('upper', 'lower', 'digit', 'symbol'),
      strength: 4,
      acceptable: false,
    });
  });

  it('strength is the number of satisfied class hints, and acceptance follows the rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 140 }), (password) => {
        const { hints, strength, acceptable } = checkPassword(password);
        expect(strength).toBe([hints.upper, hints.lower, hints.digit, hints.symbol].filter(Boolean).length);
        expect(strength).toBeGreaterThanOrEqual(0);
        expect(strength).toBeLessThanOrEqual(4);
        expect(acceptable).toBe(hints.length && strength >= PASSWORD_MIN_STRENGTH);
      }),
    );
  });

  it('adding a character never lowers the strength', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        (password, extra) => {
          expect(checkPassword(password + extra).strength).toBeGreaterThanOrEqual(
            checkPassword(password).strength,
          );
        },
      ),
    );
  });
});
