import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseIsoDate } from './iso-date';

const iso = (value: Date | string | null | undefined) => parseIsoDate(value)?.toISOString() ?? null;

describe('parseIsoDate', () => {
  it('reads a date-only string as midnight UTC', () => {
    expect(iso('2024-03-07')).toBe('2024-03-07T00:00:00.000Z');
  });

  it('reads a zone-less timestamp as UTC, with T or space', () => {
    expect(iso('2024-03-07T14:05')).toBe('2024-03-07T14:05:00.000Z');
    expect(iso('2024-03-07T14:05:09')).toBe('2024-03-07T14:05:09.000Z');
    expect(iso('2024-03-07 14:05:09.123')).toBe('2024-03-07T14:05:09.123Z');
  });

  it('applies Z and numeric offsets', () => {
    expect(iso('2024-03-07T14:05:09Z')).toBe('2024-03-07T14:05:09.000Z');
    expect(iso('2024-03-07t14:05:09z')).toBe('2024-03-07T14:05:09.000Z');
    expect(iso('2024-03-07T14:05:09+02:00')).toBe('2024-03-07T12:05:09.000Z');
    expect(iso('2024-03-07T14:05:09+0200')).toBe('2024-03-07T12:05:09.000Z');
    expect(iso('2024-03-07T14:05:09+02')).toBe('2024-03-07T12:05:09.000Z');
    expect(iso('2024-03-07T23:30:00-05:30')).toBe('2024-03-08T05:00:00.000Z');
    expect(iso('2024-03-07 14:05:09+00')).toBe('2024-03-07T14:05:09.000Z');
  });

  it('keeps milliseconds and drops finer fractions', () => {
    expect(iso('2024-03-07T14:05:09.5Z')).toBe('2024-03-07T14:05:09.500Z');
    expect(iso('2024-03-07T14:05:09.123456789Z')).toBe('2024-03-07T14:05:09.123Z');
  });

  it('trims surrounding whitespace', () => {
    expect(iso('  2024-03-07 ')).toBe('2024-03-07T00:00:00.000Z');
  });

  it('accepts leap days only in leap years', () => {
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('2000-02-29')).toBe('2000-02-29T00:00:00.000Z');
    expect(iso('2023-02-29')).toBeNull();
    expect(iso('1900-02-29')).toBeNull();
  });

  it('keeps two-digit years as they are', () => {
    expect(parseIsoDate('0099-01-01')?.getUTCFullYear()).toBe(99);
  });

  it('accepts expanded years', () => {
    expect(parseIsoDate('+010000-01-01')?.getUTCFullYear()).toBe(10000);
  });

  it.each([
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-01-00',
    '2024-01-32',
    '2024-01-01T24:00',
    '2024-01-01T12:60',
    '2024-01-01T12:00:60',
    '2024-01-01T12:00+25:00',
    '2024-01-01T12:00+02:60',
    '2024-1-1',
    '24-01-01',
    '2024/01/01',
    '01.02.2024',
    'March 7, 2024',
    'Thu, 07 Mar 2024 14:05:09 GMT',
    '2024-01-01T12',
    '2024-01-01garbage',
    '',
    '   ',
  ])('rejects %j', (text) => expect(parseIsoDate(text)).toBeNull());

  it('returns null for null, undefined and invalid dates', () => {
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
    expect(parseIsoDate(new Date(Number.NaN))).toBeNull();
  });

  it('copies a Date so callers cannot mutate the original', () => {
    const original = new Date('2024-03-07T00:00:00Z');
    const parsed = parseIsoDate(original);
    expect(parsed).not.toBe(original);
    expect(parsed?.getTime()).toBe(original.getTime());
  });

  it('round-trips every toISOString output', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(0, 0, 1)),
          max: new Date(Date.UTC(9999, 11, 31)),
          noInvalidDate: true,
        }),
        (date) => {
          expect(parseIsoDate(date.toISOString())?.getTime()).toBe(date.getTime());
        },
      ),
    );
  });
});
