import { describe, expect, it } from 'vitest';
import { fileNameDate, fileNamePart, reportFileName } from './report-file-name';

describe('report file names (spec section 9)', () => {
  it('writes the date day first for German and British English, month first for US English', () => {
    expect(fileNameDate('2026-03-04T22:00:00Z', 'DE_DE')).toBe('04-03-2026');
    expect(fileNameDate('2026-03-04T22:00:00Z', 'EN_UK')).toBe('04-03-2026');
    expect(fileNameDate('2026-03-04T22:00:00Z', 'EN_US')).toBe('03-04-2026');
  });

  it('refuses a date that is not ISO', () => {
    expect(() => fileNameDate('04.03.2026', 'DE_DE')).toThrow(RangeError);
  });

  it('keeps names readable in ASCII: umlauts transliterated, accents dropped, the rest hyphenated', () => {
    expect(fileNamePart('Jürgen Müller-Lüdenscheidt')).toBe('Juergen-Mueller-Luedenscheidt');
    expect(fileNamePart('Strauß')).toBe('Strauss');
    expect(fileNamePart('José Ñúñez')).toBe('Jose-Nunez');
    expect(fileNamePart('a/b\\c:"d"')).toBe('a-b-c-d');
    expect(fileNamePart('***')).toBe('x');
  });

  it('joins title, last name, first name and date with underscores', () => {
    expect(reportFileName({ title: 'Risikoprofil-Bericht', lastName: 'Müller', firstName: 'Jürgen', date: '2026-11-23', locale: 'DE_DE' })).toBe(
      'Risikoprofil-Bericht_Mueller_Juergen_23-11-2026.pdf',
    );
    expect(reportFileName({ title: 'Risk profile report', lastName: 'Bennett', firstName: 'Olivia', date: '2026-11-23', locale: 'EN_US' })).toBe(
      'Risk-profile-report_Bennett_Olivia_11-23-2026.pdf',
    );
  });

  it('leaves the names out of an anonymised report', () => {
    expect(reportFileName({ title: 'Risk profile report', date: '2026-11-23', locale: 'EN_UK' })).toBe('Risk-profile-report_23-11-2026.pdf');
  });

  it('keeps only the month when asked (anonymised reports), the same in every locale', () => {
    for (const locale of ['DE_DE', 'EN_UK', 'EN_US'] as const) {
      expect(reportFileName({ title: 'Risk profile report', date: '2026-11-23T23:30:00Z', locale, monthOnly: true })).toBe(
        'Risk-profile-report_11-2026.pdf',
      );
    }
  });
});
