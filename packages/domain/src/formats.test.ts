import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  MAX_DECIMALS,
  fileNameDate,
  formatCurrency,
  localeCurrency,
  formatDate,
  formatRelativeTime,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatSignedPercent,
} from './formats';
import { LOCALES, type Locale } from './locales';

const march7 = new Date(Date.UTC(2024, 2, 7, 14, 5, 9));

describe('formatDate', () => {
  it.each<[Locale, string]>([
    ['DE_DE', '07.03.2024'],
    ['EN_UK', '07/03/2024'],
    ['EN_US', '03/07/2024'],
  ])('%s', (locale, expected) => {
    expect(formatDate(march7, locale)).toBe(expected);
    expect(formatDate('2024-03-07', locale)).toBe(expected);
    expect(formatDate('2024-03-07T14:05:09.000Z', locale)).toBe(expected);
  });

  it('uses the UTC calendar date of an instant', () => {
    expect(formatDate('2024-03-07T23:30:00-02:00', 'DE_DE')).toBe('08.03.2024');
    expect(formatDate('2024-03-08T00:30:00+02:00', 'DE_DE')).toBe('07.03.2024');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 59, 59)), 'EN_US')).toBe('12/31/2024');
  });

  it('pads single-digit days, months and small years', () => {
    expect(formatDate('0999-01-02', 'EN_UK')).toBe('02/01/0999');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatDate('not a date', 'EN_US')).toBe('');
    expect(formatDate('2024-02-30', 'EN_US')).toBe('');
    expect(formatDate(new Date(Number.NaN), 'DE_DE')).toBe('');
  });

  it('formats an unknown runtime locale like EN_US', () => {
    expect(formatDate(march7, 'FR_FR' as Locale)).toBe('03/07/2024');
  });

  it('always agrees with the UTC fields of the date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          const [d, m, y] = formatDate(date, 'DE_DE').split('.').map(Number);
          expect([d, m, y]).toEqual([date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCFullYear()]);
          expect(formatDate(date.toISOString(), 'EN_US')).toBe(formatDate(date, 'EN_US'));
        },
      ),
    );
  });
});

describe('formatDateTime', () => {
  it.each<[Locale, string]>([
    ['DE_DE', '07.03.2024 14:05'],
    ['EN_UK', '07/03/2024 14:05'],
    ['EN_US', '03/07/2024 2:05 PM'],
  ])('%s', (locale, expected) => expect(formatDateTime(march7, locale)).toBe(expected));

  it.each<[string, string, string]>([
    ['2024-03-07T00:00:00Z', '00:00', '12:00 AM'],
    ['2024-03-07T00:59:00Z', '00:59', '12:59 AM'],
    ['2024-03-07T01:00:00Z', '01:00', '1:00 AM'],
    ['2024-03-07T11:59:00Z', '11:59', '11:59 AM'],
    ['2024-03-07T12:00:00Z', '12:00', '12:00 PM'],
    ['2024-03-07T12:30:00Z', '12:30', '12:30 PM'],
    ['2024-03-07T13:00:00Z', '13:00', '1:00 PM'],
    ['2024-03-07T23:59:59.999Z', '23:59', '11:59 PM'],
  ])('%s -> %s / %s', (input, h24, h12) => {
    expect(formatDateTime(input, 'DE_DE')).toBe(`07.03.2024 ${h24}`);
    expect(formatDateTime(input, 'EN_UK')).toBe(`07/03/2024 ${h24}`);
    expect(formatDateTime(input, 'EN_US')).toBe(`03/07/2024 ${h12}`);
  });

  it('converts offsets to UTC', () => {
    expect(formatDateTime('2024-03-07T14:05:00+01:00', 'DE_DE')).toBe('07.03.2024 13:05');
  });

  it('reads a zone-less timestamp as UTC', () => {
    expect(formatDateTime('2024-03-07T14:05', 'EN_UK')).toBe('07/03/2024 14:05');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatDateTime('', 'EN_US')).toBe('');
    expect(formatDateTime(new Date(Number.NaN), 'EN_US')).toBe('');
  });
});

describe('fileNameDate', () => {
  it.each<[Locale, string]>([
    ['DE_DE', '07-03-2024'],
    ['EN_UK', '07-03-2024'],
    ['EN_US', '03-07-2024'],
  ])('%s', (locale, expected) => {
    expect(fileNameDate(march7, locale)).toBe(expected);
    expect(fileNameDate('2024-03-07T14:05:09Z', locale)).toBe(expected);
  });

  it('contains only characters safe in a file name', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        fc.constantFrom(...LOCALES),
        (date, locale) => {
          expect(fileNameDate(date, locale)).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        },
      ),
    );
  });

  it('returns an empty string for invalid input', () => {
    expect(fileNameDate('07.03.2024', 'DE_DE')).toBe('');
  });
});

describe('formatNumber', () => {
  it.each<[number, string, string]>([
    [0, '0,00', '0.00'],
    [1, '1,00', '1.00'],
    [12.3, '12,30', '12.30'],
    [999.999, '1.000,00', '1,000.00'],
    [1234.56, '1.234,56', '1,234.56'],
    [1234567.891, '1.234.567,89', '1,234,567.89'],
    [-1234.56, '-1.234,56', '-1,234.56'],
    [0.5, '0,50', '0.50'],
    [100000, '100.000,00', '100,000.00'],
  ])('%d', (value, de, en) => {
    expect(formatNumber(value, 'DE_DE')).toBe(de);
    expect(formatNumber(value, 'EN_UK')).toBe(en);
    expect(formatNumber(value, 'EN_US')).toBe(en);
  });

  it('defaults to two decimals', () => {
    expect(formatNumber(3, 'EN_US')).toBe(formatNumber(3, 'EN_US', 2));
  });

  it('has no decimal separator with zero decimals', () => {
    expect(formatNumber(1234.5, 'DE_DE', 0)).toBe('1.235');
    expect(formatNumber(1234.4, 'EN_US', 0)).toBe('1,234');
    expect(formatNumber(87.5, 'EN_US', 0)).toBe('88');
  });

  it('supports more decimals', () => {
    expect(formatNumber(1234.5, 'DE_DE', 3)).toBe('1.234,500');
    expect(formatNumber(0.1 + 0.2, 'EN_US', 4)).toBe('0.3000');
    expect(formatNumber(1 / 3, 'EN_US', 10)).toBe('0.3333333333');
  });

  it.each<[number, number, string]>([
    [0.5, 0, '1'],
    [1.5, 0, '2'],
    [2.5, 0, '3'],
    [-0.5, 0, '-1'],
    [-2.5, 0, '-3'],
    [1.005, 2, '1.01'],
    [-1.005, 2, '-1.01'],
    [1.004, 2, '1.00'],
    [2.675, 2, '2.68'],
    [0.125, 2, '0.13'],
    [0.995, 2, '1.00'],
    [9.995, 2, '10.00'],
    [99.95, 1, '100.0'],
    [999999.5, 0, '1,000,000'],
  ])('rounds %d to %d decimals half away from zero: %s', (value, decimals, expected) => {
    expect(formatNumber(value, 'EN_US', decimals)).toBe(expected);
  });

  it('never shows a minus sign on zero', () => {
    expect(formatNumber(-0, 'EN_US')).toBe('0.00');
    expect(formatNumber(-0.001, 'EN_US')).toBe('0.00');
    expect(formatNumber(-0.4, 'DE_DE', 0)).toBe('0');
    expect(formatNumber(-0.005, 'EN_US')).toBe('-0.01');
  });

  it('handles numbers JavaScript prints in exponent notation', () => {
    expect(formatNumber(1e21, 'EN_US', 0)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(1.5e-7, 'EN_US')).toBe('0.00');
    expect(formatNumber(5e-7, 'EN_US', 6)).toBe('0.000001');
    expect(formatNumber(-1.2345e-5, 'DE_DE', 6)).toBe('-0,000012');
    expect(formatNumber(Number.MAX_SAFE_INTEGER, 'DE_DE', 0)).toBe('9.007.199.254.740.991');
    expect(formatNumber(Number.MIN_VALUE, 'EN_US', MAX_DECIMALS)).toBe('0.00000000000000000000');
  });

  it('returns an empty string for NaN and infinities', () => {
    expect(formatNumber(Number.NaN, 'EN_US')).toBe('');
    expect(formatNumber(Infinity, 'EN_US')).toBe('');
    expect(formatNumber(-Infinity, 'DE_DE')).toBe('');
  });

  it.each([-1, 1.5, MAX_DECIMALS + 1, Number.NaN, Infinity])('rejects decimals %d', (decimals) => {
    expect(() => formatNumber(1, 'EN_US', decimals)).toThrow(RangeError);
    expect(() => formatCurrency(1, 'EN_US', decimals)).toThrow(RangeError);
  });

  it('formats an unknown runtime locale like EN_US', () => {
    expect(formatNumber(1234.5, 'xx' as Locale)).toBe('1,234.50');
  });

  it('matches exact decimal arithmetic for thousandths rounded to hundredths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom(...LOCALES),
        (thousandths, locale) => {
          const abs = BigInt(Math.abs(thousandths));
          const hundredths = (abs + 5n) / 10n;
          const negative = thousandths < 0 && hundredths > 0n;
          const integer = (hundredths / 100n).toString();
          const fraction = (hundredths % 100n).toString().padStart(2, '0');
          const [thousands, decimal] = locale === 'DE_DE' ? ['.', ','] : [',', '.'];
          const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
          expect(formatNumber(thousandths / 1000, locale)).toBe(
            `${negative ? '-' : ''}${grouped}${decimal}${fraction}`,
          );
        },
      ),
    );
  });

  it('agrees with toFixed where toFixed is exact (integers)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 6 }), (value, decimals) => {
        expect(formatNumber(value, 'EN_US', decimals).replaceAll(',', '')).toBe(value.toFixed(decimals));
      }),
    );
  });

  it('parses back to within half a unit of the last decimal', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (value, decimals) => {
          const text = formatNumber(value, 'DE_DE', decimals);
          const parsed = Number(text.replaceAll('.', '').replace(',', '.'));
          expect(Math.abs(parsed - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-6);
          expect(text).toMatch(
            decimals === 0
              ? /^-?\d{1,3}(\.\d{3})*$/
              : new RegExp(`^-?\\d{1,3}(\\.\\d{3})*,\\d{${decimals}}$`),
          );
        },
      ),
    );
  });
});

describe('formatCurrency', () => {
  it.each<[Locale, number, string]>([
    ['EN_US', 1234.56, '$1,234.56'],
    ['EN_US', -1234.56, '-$1,234.56'],
    ['EN_US', 0, '$0.00'],
    ['EN_US', 0.005, '$0.01'],
    ['EN_US', -0.004, '$0.00'],
    ['DE_DE', 1234.56, '1.234,56 €'],
    ['DE_DE', -1234.56, '-1.234,56 €'],
    ['DE_DE', 1000000, '1.000.000,00 €'],
    ['EN_UK', 1234.56, '1,234.56 €'],
    ['EN_UK', -1234.56, '-1,234.56 €'],
    ['EN_UK', 0.1, '0.10 €'],
  ])('%s %d -> %s', (locale, value, expected) => expect(formatCurrency(value, locale)).toBe(expected));

  it('uses a normal space before the euro sign', () => {
    expect(formatCurrency(5, 'DE_DE')).toBe('5,00\u0020€');
  });

  it('honours decimals', () => {
    expect(formatCurrency(1234.5, 'EN_US', 0)).toBe('$1,235');
    expect(formatCurrency(1234.5, 'DE_DE', 0)).toBe('1.235 €');
    expect(formatCurrency(1.2345, 'EN_UK', 3)).toBe('1.235 €');
  });

  it('writes US-dollar figures with a dollar sign in every locale, never the euro sign', () => {
    expect(formatCurrency(1234.5, 'EN_US', 0, 'USD')).toBe('$1,235');
    expect(formatCurrency(1234.5, 'EN_UK', 0, 'USD')).toBe('US$1,235');
    expect(formatCurrency(1234.5, 'DE_DE', 0, 'USD')).toBe('1.235 US$');
    expect(formatCurrency(-5, 'DE_DE', 2, 'USD')).toBe('-5,00 US$');
    expect(formatCurrency(5, 'EN_US', 2, 'EUR')).toBe('€5.00');
    for (const locale of LOCALES) expect(formatCurrency(100, locale, 0, 'USD')).not.toContain('€');
    expect(localeCurrency('DE_DE')).toBe('EUR');
    expect(localeCurrency('EN_US')).toBe('USD');
  });

  it('returns an empty string for NaN and infinities', () => {
    expect(formatCurrency(Number.NaN, 'EN_US')).toBe('');
    expect(formatCurrency(-Infinity, 'DE_DE')).toBe('');
  });

  it('is the number format plus the currency symbol', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.constantFrom(...LOCALES),
        (value, locale) => {
          const number = formatNumber(value, locale);
          const unsigned = number.replace(/^-/, '');
          const sign = number.startsWith('-') ? '-' : '';
          expect(formatCurrency(value, locale)).toBe(
            locale === 'EN_US' ? `${sign}$${unsigned}` : `${number} €`,
          );
        },
      ),
    );
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it('says how long ago in each locale through Intl', () => {
    expect(formatRelativeTime(ago(3 * 86_400), 'EN_US', now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(3 * 86_400), 'EN_UK', now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(3 * 86_400), 'DE_DE', now)).toBe('vor 3 Tagen');
    expect(formatRelativeTime(ago(86_400), 'EN_US', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(86_400), 'DE_DE', now)).toBe('gestern');
    expect(formatRelativeTime(ago(5 * 60), 'EN_UK', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 3_600), 'DE_DE', now)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(ago(3 * 7 * 86_400), 'EN_US', now)).toBe('3 weeks ago');
    expect(formatRelativeTime(ago(400 * 86_400), 'EN_US', now)).toBe('last year');
    expect(formatRelativeTime(ago(10), 'EN_US', now)).toBe('10 seconds ago');
    expect(formatRelativeTime(now, 'EN_US', now)).toBe('now');
    expect(formatRelativeTime(new Date(now.getTime() + 14 * 86_400_000), 'DE_DE', now)).toBe('in 2 Wochen');
    expect(formatRelativeTime('not a date', 'EN_US', now)).toBe('');
  });
});

describe('formatPercent', () => {
  it('writes "33%" in English and "33 %" with a no-break space in German', () => {
    expect(formatPercent(0.33, 'EN_US')).toBe('33%');
    expect(formatPercent(0.33, 'EN_UK')).toBe('33%');
    expect(formatPercent(0.33, 'DE_DE')).toBe('33\u00a0%');
    expect(formatPercent(0.125, 'DE_DE', 1)).toBe('12,5\u00a0%');
    expect(formatPercent(Number.NaN, 'EN_US')).toBe('');
  });

  it('signs gains only', () => {
    expect(formatSignedPercent(0.071, 'EN_US', 1)).toBe('+7.1%');
    expect(formatSignedPercent(-0.03, 'DE_DE', 1)).toBe('-3,0\u00a0%');
    expect(formatSignedPercent(0.0001, 'EN_US')).toBe('0%');
  });
});
