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
});
