import { describe, expect, it } from 'vitest';
import { formatMonthYear, formatReportDate, isMonthOnly, monthOf } from './report-dates';

describe('report dates kept to the month (anonymised reports)', () => {
  it('takes the UTC calendar month of a timestamp', () => {
    expect(monthOf('2026-11-30T23:59:59Z')).toBe('2026-11');
    expect(monthOf('2026-12-01T00:30:00+01:00')).toBe('2026-11');
    expect(monthOf(new Date(Date.UTC(2027, 0, 5)))).toBe('2027-01');
    expect(monthOf('not a date')).toBe('');
  });

  it('writes the month and year in words in each locale', () => {
    expect(formatMonthYear('2026-03', 'DE_DE')).toBe('März 2026');
    expect(formatMonthYear('2026-03', 'EN_US')).toBe('March 2026');
    expect(formatMonthYear('2026-03', 'EN_UK')).toBe('March 2026');
    expect(formatMonthYear('2026-13', 'EN_UK')).toBe('');
  });

  it('shows a month-only value as month and year, a full timestamp as the day', () => {
    expect(isMonthOnly('2026-11')).toBe(true);
    expect(isMonthOnly('2026-11-23T10:00:00.000Z')).toBe(false);
    expect(formatReportDate('2026-11', 'DE_DE')).toBe('November 2026');
    expect(formatReportDate('2026-11-23T10:00:00.000Z', 'DE_DE')).toBe('23.11.2026');
    expect(formatReportDate(null, 'EN_US')).toBe('');
  });
});
