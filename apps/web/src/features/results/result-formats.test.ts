import { describe, expect, it } from 'vitest';
import { formatMonthSpan, formatMonthYear, formatPercent, formatSignedPercent } from './result-formats';

describe('result formats', () => {
  it('writes fractions as percentages per locale', () => {
    expect(formatPercent(0.125, 'EN_US')).toBe('12.5%');
    expect(formatPercent(0.125, 'EN_UK')).toBe('12.5%');
    expect(formatPercent(0.125, 'DE_DE')).toBe('12,5\u00a0%');
    expect(formatPercent(0.07, 'EN_US', 0)).toBe('7%');
  });

  it('signs returns, but not a rounded zero', () => {
    expect(formatSignedPercent(0.0712, 'EN_US')).toBe('+7.1%');
    expect(formatSignedPercent(-0.382, 'DE_DE')).toBe('-38,2\u00a0%');
    expect(formatSignedPercent(0.0001, 'EN_US')).toBe('0.0%');
  });

  it('names months of the market history in the locale', () => {
    expect(formatMonthYear('1931-06-01', 'EN_US')).toBe('Jun 1931');
    expect(formatMonthYear('1931-06-01', 'DE_DE')).toBe('Juni 1931');
    expect(formatMonthSpan('1931-06-01', '1932-06-01', 'EN_UK')).toBe('Jun 1931 – Jun 1932');
    expect(formatMonthSpan('', '', 'EN_US')).toBe('');
  });
});
