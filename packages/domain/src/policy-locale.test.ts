import { describe, expect, it } from 'vitest';
import { fallbackLocales, pickLocale } from './policy-locale';

describe('pickLocale', () => {
  it('takes the preferred locale when it has a text', () => {
    expect(pickLocale(['EN_US', 'DE_DE'], 'DE_DE')).toBe('DE_DE');
  });
  it('falls back to the other English before German', () => {
    expect(pickLocale(['DE_DE', 'EN_US'], 'EN_UK')).toBe('EN_US');
    expect(pickLocale(['DE_DE', 'EN_UK'], 'EN_US')).toBe('EN_UK');
  });
  it('gives German readers English when there is no German text', () => {
    expect(pickLocale(['EN_UK'], 'DE_DE')).toBe('EN_UK');
    expect(pickLocale(['EN_UK', 'EN_US'], 'DE_DE')).toBe('EN_US');
  });
  it('gives null when nothing is available', () => {
    expect(pickLocale([], 'EN_US')).toBeNull();
  });
  it('lists every locale once', () => {
    expect(fallbackLocales('EN_UK')).toEqual(['EN_UK', 'EN_US', 'DE_DE']);
  });
});
