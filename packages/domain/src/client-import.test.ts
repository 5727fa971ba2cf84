import { describe, expect, it } from 'vitest';
import { importGroup, importLocale, importSalutation, suggestMapping } from './client-import';

describe('client import rules', () => {
  it('suggests the mapping from English and German header names, each header once', () => {
    expect(suggestMapping(['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Sprache', 'Gruppe', 'Kundennummer', 'Anrede'])).toEqual({
      firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail', phone: 'Telefon', locale: 'Sprache', group: 'Gruppe', externalId: 'Kundennummer', salutation: 'Anrede',
    });
    expect(suggestMapping(['First Name', 'last_name', 'Email Address', 'Notes'])).toEqual({ firstName: 'First Name', lastName: 'last_name', email: 'Email Address' });
  });

  it('reads codes and words for language, group and salutation, and nothing else', () => {
    expect(['DE_DE', 'de', 'Deutsch', 'en-GB', 'en_us', 'English'].map(importLocale)).toEqual(['DE_DE', 'DE_DE', 'DE_DE', 'EN_UK', 'EN_US', 'EN_US']);
    expect(importLocale('FR')).toBeNull();
    expect(['prospect', 'Bestandskunde', 'ESTABLISHED'].map(importGroup)).toEqual(['PROSPECT', 'ESTABLISHED', 'ESTABLISHED']);
    expect(importGroup('VIP')).toBeNull();
    expect(['Frau', 'Mr', 'mrs', 'NEUTRAL', 'Herr'].map(importSalutation)).toEqual(['MS', 'MR', 'MS', 'NEUTRAL', 'MR']);
    expect(importSalutation('Dr')).toBeNull();
  });

  it('reads the language names people write, with or without the country in brackets, any case (decision 0077)', () => {
    const cases: [string, string][] = [
      ['Englisch (USA)', 'EN_US'], ['Englisch (UK)', 'EN_UK'], ['englisch (usa)', 'EN_US'], ['ENGLISCH (GB)', 'EN_UK'],
      ['English', 'EN_US'], ['english (United States)', 'EN_US'], ['English (United Kingdom)', 'EN_UK'], ['Englisch (Großbritannien)', 'EN_UK'],
      ['Englisch (Vereinigte Staaten)', 'EN_US'], ['British English', 'EN_UK'], ['American English', 'EN_US'], ['Englisch(USA)', 'EN_US'],
      ['Deutsch', 'DE_DE'], ['German', 'DE_DE'], ['deutsch (Deutschland)', 'DE_DE'], ['German (Germany)', 'DE_DE'], ['DE', 'DE_DE'],
      ['en-US', 'EN_US'], ['en_gb', 'EN_UK'], ['EN (US)', 'EN_US'], [' de ', 'DE_DE'],
    ];
    expect(cases.map(([cell]) => [cell, importLocale(cell)])).toEqual(cases);
    // A country the product has no language for is refused, not guessed.
    for (const cell of ['Englisch (Australien)', 'English (Canada)', 'Deutsch (USA)', 'Französisch', 'Spanish (Spain)', 'English (UK) extra', '()']) {
      expect(importLocale(cell), cell).toBeNull();
    }
  });
});
