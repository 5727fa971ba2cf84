import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, isLocale, normalizeLocale, resolveLocale } from './locales';

describe('LOCALES', () => {
  it('lists the three spec locales with EN_US as default', () => {
    expect([...LOCALES].sort()).toEqual(['DE_DE', 'EN_UK', 'EN_US']);
    expect(DEFAULT_LOCALE).toBe('EN_US');
  });

  it('has a BCP 47 tag for every locale', () => {
    for (const locale of LOCALES) expect(LOCALE_TAGS[locale]).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  });
});

describe('isLocale', () => {
  it.each(LOCALES)('accepts %s', (locale) => expect(isLocale(locale)).toBe(true));
  it.each([['en_us'], ['EN_GB'], [''], [null], [undefined], [42], [{}]])('rejects %j', (value) =>
    expect(isLocale(value)).toBe(false),
  );
});

describe('normalizeLocale', () => {
  it.each([
    ['EN_US', 'EN_US'],
    ['en_us', 'EN_US'],
    ['en-us', 'EN_US'],
    ['En-Uk', 'EN_UK'],
    ['de_DE', 'DE_DE'],
    ['de-de', 'DE_DE'],
    ['  de-de  ', 'DE_DE'],
  ])('%j -> %s', (input, expected) => expect(normalizeLocale(input)).toBe(expected));

  it.each([
    ['en'],
    ['de'],
    ['en-GB'],
    ['EN_GB'],
    ['fr_FR'],
    ['EN__US'],
    ['ENUS'],
    [''],
    ['   '],
    [null],
    [undefined],
  ])('unknown %j -> null', (input) => expect(normalizeLocale(input)).toBeNull());

  it('returns either null or a known locale for any string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = normalizeLocale(text);
        expect(result === null || (LOCALES as readonly string[]).includes(result)).toBe(true);
      }),
    );
  });
});

describe('resolveLocale', () => {
  it('defaults to EN_US with nothing to go on', () => {
    expect(resolveLocale({})).toBe('EN_US');
    expect(resolveLocale({ query: null, stored: null, browserLanguage: null })).toBe('EN_US');
  });

  it('prefers a known query locale over everything', () => {
    expect(resolveLocale({ query: 'en_uk', stored: 'DE_DE', browserLanguage: 'de-DE' })).toBe('EN_UK');
    expect(resolveLocale({ query: 'EN_US', stored: 'DE_DE', browserLanguage: 'de' })).toBe('EN_US');
  });

  it('ignores an unknown query locale and falls through to the stored one', () => {
    expect(resolveLocale({ query: 'xx', stored: 'de_de', browserLanguage: 'en-US' })).toBe('DE_DE');
  });

  it('prefers the stored locale over the browser language', () => {
    expect(resolveLocale({ stored: 'EN_UK', browserLanguage: 'de-DE' })).toBe('EN_UK');
  });

  it('falls through an unknown stored locale to the browser language', () => {
    expect(resolveLocale({ stored: 'fr_FR', browserLanguage: 'de-AT' })).toBe('DE_DE');
  });

  it.each(['de', 'DE', 'de-DE', 'de-at', 'De-CH', ' de'])('chooses German for browser language %j', (lang) =>
    expect(resolveLocale({ browserLanguage: lang })).toBe('DE_DE'),
  );

  it.each(['en-GB', 'en-US', 'fr', 'nl-DE', '', 'd'])('keeps EN_US for browser language %j', (lang) =>
    expect(resolveLocale({ browserLanguage: lang })).toBe('EN_US'),
  );

  it('ignores unknown query and stored values entirely', () => {
    expect(resolveLocale({ query: 'klingon', stored: 'EN-GB' })).toBe('EN_US');
  });

  it('always returns a known locale', () => {
    const maybe = fc.option(fc.string(), { nil: undefined });
    fc.assert(
      fc.property(maybe, maybe, maybe, (query, stored, browserLanguage) => {
        expect(LOCALES).toContain(resolveLocale({ query, stored, browserLanguage }));
      }),
    );
  });
});
