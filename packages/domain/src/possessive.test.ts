import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { possessive } from './possessive';

describe('possessive (German)', () => {
  it.each([
    ['Hans', "Hans'"],
    ['Strauß', "Strauß'"],
    ['STRAUẞ', "STRAUẞ'"],
    ['Max', "Max'"],
    ['Fritz', "Fritz'"],
    ['HANS', "HANS'"],
    ['MAX', "MAX'"],
    ['FRITZ', "FRITZ'"],
    ['Anna', 'Annas'],
    ['Jörg', 'Jörgs'],
    ['Zoë', 'Zoës'],
    ['Ute Müller', 'Ute Müllers'],
    ['A', 'As'],
  ])('%s -> %s', (name, expected) => expect(possessive(name, 'DE_DE')).toBe(expected));
});

describe.each(['EN_US', 'EN_UK'] as const)('possessive (%s)', (locale) => {
  it.each([
    ['James', "James'"],
    ['Max', "Max'"],
    ['Liz', "Liz'"],
    ['JAMES', "JAMES'"],
    ['MAX', "MAX'"],
    ['LIZ', "LIZ'"],
    ['Anna', "Anna's"],
    ['Strauß', "Strauß's"],
    ['Mary Smith', "Mary Smith's"],
    ['Zoë', "Zoë's"],
  ])('%s -> %s', (name, expected) => expect(possessive(name, locale)).toBe(expected));
});

describe('possessive edge cases', () => {
  it('trims surrounding whitespace', () => {
    expect(possessive('  Anna \n', 'EN_US')).toBe("Anna's");
    expect(possessive('\tHans  ', 'DE_DE')).toBe("Hans'");
  });

  it('returns an empty string for empty or blank names', () => {
    expect(possessive('', 'EN_US')).toBe('');
    expect(possessive('   ', 'DE_DE')).toBe('');
  });

  it('handles a name ending in an astral character', () => {
    expect(possessive('Anna 😀', 'DE_DE')).toBe('Anna 😀s');
  });

  it('always starts with the trimmed name and adds at most two characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom('DE_DE', 'EN_UK', 'EN_US' as const),
        (name, locale) => {
          const trimmed = name.trim();
          const result = possessive(name, locale);
          if (trimmed === '') {
            expect(result).toBe('');
            return;
          }
          expect(result.startsWith(trimmed)).toBe(true);
          expect(["'", 's', "'s"]).toContain(result.slice(trimmed.length));
        },
      ),
    );
  });
});
